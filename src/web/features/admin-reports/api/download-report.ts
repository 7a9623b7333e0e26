import {
  reportsCsvEndpoint,
  reportsPdfEndpoint,
  type ReportsExportQuery,
} from '../../../../contract/admin-reports';
import { ApiError, bearerAuthorization, buildQuery } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { sortParam } from '../lib/report-sort';

export type ReportFormat = 'CSV' | 'PDF';

export const DOWNLOAD_FAILED = 'Failed to download report';

const ENDPOINTS = { CSV: reportsCsvEndpoint, PDF: reportsPdfEndpoint } as const;

/** reports-{FORMAT}-{date}, as the server names it (admin spec 7); its header wins when present. */
export function reportFileName(format: ReportFormat, disposition: string | null, now = new Date()): string {
  const named = disposition && /filename="([^"]+)"/.exec(disposition)?.[1];
  return named || `reports-${format}-${now.toISOString().slice(0, 10)}.${format.toLowerCase()}`;
}

/**
 * The report file as bytes (a PDF is binary: the JSON client, which reads text, would spoil it),
 * with its file name.
 */
export async function downloadReport(
  format: ReportFormat,
  query: ReportsExportQuery,
): Promise<{ fileName: string; blob: Blob }> {
  const authorization = bearerAuthorization();
  const params = buildQuery({ ...query, sort: sortParam(query.sort) });
  const response = await fetch(`/api${endpointPath(ENDPOINTS[format])}${params}`, {
    headers: { authorization },
  });
  if (!response.ok) throw new ApiError(DOWNLOAD_FAILED, response.status);
  return {
    fileName: reportFileName(format, response.headers.get('content-disposition')),
    blob: await response.blob(),
  };
}
