/** The columns of both report files, so the CSV and the PDF say the same thing. */
import type { CsvValue } from '../../../contract/csv';
import type { ReportTables } from './reports.service';

export interface ReportSection {
  title: string;
  header: readonly string[];
  rows: CsvValue[][];
  /** Every row matching the filters; more than `rows.length` when the download was cut. */
  total: number;
}

export function reportSections(tables: ReportTables): ReportSection[] {
  return [
    {
      title: 'Recent Trades',
      header: ['id', 'pair', 'amount', 'profitPercent', 'username', 'email', 'createdAt'],
      rows: tables.trades.map((t) => [
        t.id,
        t.pair,
        t.amount,
        t.profitPercent,
        t.User.username,
        t.User.email,
        t.createdAt,
      ]),
      total: tables.totalTrades,
    },
    {
      title: 'Recent Payments',
      header: ['id', 'type', 'amount', 'status', 'username', 'email', 'createdAt'],
      rows: tables.payments.map((p) => [
        p.id,
        p.type,
        p.amount,
        p.status,
        p.User.username,
        p.User.email,
        p.createdAt,
      ]),
      total: tables.totalPayments,
    },
  ];
}
