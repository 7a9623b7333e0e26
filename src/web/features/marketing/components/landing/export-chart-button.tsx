import { useState, type RefObject } from 'react';
import { toast } from 'react-toastify';
import { exportChartPng, EXPORT_MESSAGES, type ChartHandle } from '../../../../components/charts';
import { Button } from '../../../../components/ui/button';

interface ExportChartButtonProps {
  label: string;
  chart: RefObject<ChartHandle | null>;
  fileName: string;
}

/** Saves the chart as a PNG in the browser and says how it went (spec 2.4, spec 8). */
export function ExportChartButton({ label, chart, fileName }: ExportChartButtonProps) {
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    const message = await exportChartPng(chart.current, fileName);
    setExporting(false);
    if (message === EXPORT_MESSAGES.success) toast.success(message);
    else toast.error(message);
  };
  return (
    <Button variant="secondary" onClick={onExport} disabled={exporting}>
      {label}
    </Button>
  );
}
