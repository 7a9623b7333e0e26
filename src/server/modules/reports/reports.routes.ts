import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reportsCsvEndpoint,
  reportsEndpoint,
  reportsPdfEndpoint,
  type ReportsExportQuery,
} from '../../../contract/admin-reports';
import { reportSections } from './report-columns';
import { reportsCsv } from './reports-csv';
import { reportsPdf } from './reports-pdf';
import { PDF_MAX_ROWS, type ReportsService } from './reports.service';

/** reports-{FORMAT}-{date}.{ext}, the spec's name, dated by the server's UTC day. */
export const reportFileName = (format: 'CSV' | 'PDF', now: Date): string =>
  `reports-${format}-${now.toISOString().slice(0, 10)}.${format.toLowerCase()}`;

const describeFilters = (query: ReportsExportQuery): string =>
  [
    `Time range: ${query.timeRange}`,
    query.user && `user: ${query.user}`,
    query.pair && `pair: ${query.pair}`,
    `sorted by ${query.sort.key} ${query.sort.direction}`,
  ]
    .filter(Boolean)
    .join(', ');

function attach(reply: FastifyReply, contentType: string, fileName: string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store');
}

/** Admin-only (every /api/admin path is: http/route-auth.ts). */
export function registerReportRoutes(
  scope: FastifyInstance,
  deps: { reports: ReportsService; now?: () => Date },
): void {
  const now = deps.now ?? (() => new Date());
  const app = scope.withTypeProvider<ZodTypeProvider>();
  app.get(
    reportsEndpoint.path,
    { schema: { querystring: reportsEndpoint.query, response: { 200: reportsEndpoint.response } } },
    (request) => deps.reports.page(request.query),
  );
  app.get(
    reportsCsvEndpoint.path,
    { schema: { querystring: reportsCsvEndpoint.query } },
    async (request, reply) => {
      const sections = reportSections(await deps.reports.everything(request.query));
      return attach(reply, 'text/csv; charset=utf-8', reportFileName('CSV', now())).send(
        reportsCsv(sections),
      );
    },
  );
  app.get(
    reportsPdfEndpoint.path,
    { schema: { querystring: reportsPdfEndpoint.query } },
    async (request, reply) => {
      const tables = await deps.reports.everything(request.query, PDF_MAX_ROWS);
      const cut = tables.totalTrades > PDF_MAX_ROWS || tables.totalPayments > PDF_MAX_ROWS;
      const subtitle =
        describeFilters(request.query) + (cut ? ` (first ${PDF_MAX_ROWS} rows of each table)` : '');
      const pdf = await reportsPdf(reportSections(tables), subtitle);
      return attach(reply, 'application/pdf', reportFileName('PDF', now())).send(pdf);
    },
  );
}
