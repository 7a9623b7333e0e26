import { useState } from 'react';
import { toast } from 'react-toastify';
import { exportChartPng, EXPORT_MESSAGES, type ChartHandle } from '../../../../components/charts';
import { Button } from '../../../../components/ui/button';

interface ExportChartButtonProps {
  label: string;
  /** The drawn chart, or null while it loads or when there is none. */
  chart: ChartHandle | null;
  /** A chart is on its way (its library still loading): the button waits for it. */
  loading: boolean;
  fileName: string;
}

/**
 * Saves the chart as a PNG in the browser and says how it went (spec 2.4, spec 8). Disabled while
 * the chart loads: a click then would find nothing to capture.
 */
export function ExportChartButton({ label, chart, loading, fileName }: ExportChartButtonProps) {
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    const message = await exportChartPng(chart, fileName);
    setExporting(false);
    if (message === EXPORT_MESSAGES.success) toast.success(message);
    else toast.error(message);
  };
  return (
    <Button
      variant="secondary"
      onClick={onExport}
      disabled={exporting || loading}
      aria-busy={loading || undefined}
      title={loading ? 'The chart is loading' : undefined}
    >
      {label}
    </Button>
  );
}
