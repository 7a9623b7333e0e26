/**
 * Admin reports: every trader's trades and payments, read through their owners (trading,
 * payments) and named through auth. Owns no table.
 */
import type {
  ReportPayment,
  ReportsExportQuery,
  ReportsQuery,
  ReportsResponse,
  ReportTrade,
  ReportUser,
} from '../../../contract/admin-reports';
import { toDollars } from '../../shared/money';
import { timeRangeCutoff } from '../../db/list-query';
import type { ReportSlice } from '../../shared/report-query';
import type { UsersService } from '../auth/users.service';
import type { PaymentsService } from '../payments/payments.service';
import type { TradingService } from '../trading/trading.service';

/** Rows per table in one download: the files stay a size a browser and pdfkit handle at once. */
export const EXPORT_MAX_ROWS = 5_000;
/** pdfkit lays tables out synchronously (about 0.3 s per 1 000 rows on the HTTP thread): fewer in a PDF. */
export const PDF_MAX_ROWS = 1_000;

export interface ReportsDeps {
  trading: Pick<TradingService, 'reportTrades'>;
  payments: Pick<PaymentsService, 'reportPayments'>;
  users: Pick<UsersService, 'idsMatching' | 'contactsOf'>;
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

  async function tables(
    filters: ReportsExportQuery,
    slice: Pick<ReportSlice, 'limit' | 'offset'>,
  ): Promise<ReportTables> {
    const base: ReportSlice = {
      since: timeRangeCutoff(filters.timeRange, new Date(now())) ?? undefined,
      userIds: filters.user ? await deps.users.idsMatching(filters.user) : undefined,
      sort: filters.sort,
      ...slice,
    };
    const [trades, payments] = await Promise.all([
      deps.trading.reportTrades({ ...base, pair: filters.pair || undefined }),
      deps.payments.reportPayments(base),
    ]);
    const contacts = await deps.users.contactsOf([
      ...trades.rows.map((r) => r.userId),
      ...payments.rows.map((r) => r.userId),
    ]);
    const userOf = (id: string): ReportUser => {
      const contact = contacts.get(id);
      return { id, username: contact?.username ?? null, email: contact?.email ?? '' };
    };
    return {
      trades: trades.rows.map((row) => ({
        id: row.id,
        pair: row.pair,
        amount: toDollars(row.amountCents),
        profitPercent: row.profitPercent,
        User: userOf(row.userId),
        createdAt: row.openedAt.toISOString(),
      })),
      payments: payments.rows.map((row) => ({
        id: row.id,
        type: row.type,
        amount: toDollars(row.amountCents),
        status: row.status,
        User: userOf(row.userId),
        createdAt: row.createdAt.toISOString(),
      })),
      totalTrades: trades.total,
      totalPayments: payments.total,
    };
  }

  return {
    /** GET /api/admin/reports: one page of each table, with each table's total. */
    async page(query: ReportsQuery): Promise<ReportsResponse> {
      const result = await tables(query, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
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
