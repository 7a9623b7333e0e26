/**
 * Admin reports: every trader's trades and payments, read through the admin read side
 * (admin/queries/reports.query.ts), which joins their owners' names. Owns no table.
 */
import type {
  ReportPayment,
  ReportsExportQuery,
  ReportsQuery,
  ReportsResponse,
  ReportTrade,
} from '../../../contract/admin-reports';
import { pageSlice, timeRangeCutoff, type Slice } from '../../db/list-query';
import type { ReadDb } from '../../db/read-db';
import { reportPayments, reportTrades } from '../admin/queries/reports.query';

/** Rows per table in one download: the files stay a size a browser and pdfkit handle at once. */
export const EXPORT_MAX_ROWS = 5_000;
/** pdfkit lays tables out synchronously (about 0.3 s per 1 000 rows on the HTTP thread): fewer in a PDF. */
export const PDF_MAX_ROWS = 1_000;

export interface ReportsDeps {
  db: ReadDb;
  now?: () => number;
}

export interface ReportTables {
  trades: ReportTrade[];
  payments: ReportPayment[];
  totalTrades: number;
  totalPayments: number;
}

export function createReportsService(deps: ReportsDeps) {
  const now = deps.now ?? Date.now;

  async function tables(query: ReportsExportQuery, slice: Slice): Promise<ReportTables> {
    const filters = { ...query, since: timeRangeCutoff(query.timeRange, new Date(now())) };
    const [trades, payments] = await Promise.all([
      reportTrades(deps.db, filters, slice),
      reportPayments(deps.db, filters, slice),
    ]);
    return {
      trades: trades.rows,
      payments: payments.rows,
      totalTrades: trades.total,
      totalPayments: payments.total,
    };
  }

  return {
    /** GET /api/admin/reports: one page of each table, with each table's total. */
    async page(query: ReportsQuery): Promise<ReportsResponse> {
      const result = await tables(query, pageSlice(query));
      return {
        recentTrades: result.trades,
        recentPayments: result.payments,
        totalTrades: result.totalTrades,
        totalPayments: result.totalPayments,
      };
    },

    /** The downloads: every matching row of both tables (up to `limit` each), with the totals. */
    everything: (query: ReportsExportQuery, limit = EXPORT_MAX_ROWS): Promise<ReportTables> =>
      tables(query, { limit, offset: 0 }),
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
