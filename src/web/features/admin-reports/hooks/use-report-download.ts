import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ReportsExportQuery } from '../../../../contract/admin-reports';
import { saveBlob } from '../../../lib/download';
import { DOWNLOAD_FAILED, downloadReport, type ReportFormat } from '../api/download-report';

/** Download CSV / PDF: the file of every matching row, then 'Report downloaded as {FORMAT}'. */
export function useReportDownload(query: ReportsExportQuery) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const download = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const { fileName, blob } = await downloadReport(format, query);
      saveBlob(fileName, blob);
      toast.success(`Report downloaded as ${format}`);
    } catch {
      toast.error(DOWNLOAD_FAILED);
    } finally {
      setBusy(null);
    }
  };
  return { busy, download };
}
