import type { UserStats } from '../../../../contract/payments';
import { NOT_AVAILABLE, formatMoney, formatPercent } from '../../../lib/format';

export interface StatRow {
  label: (typeof STAT_LABELS)[number];
  value: string;
}

const count = (value: number | null | undefined) =>
  value === null || value === undefined || !Number.isFinite(value) ? NOT_AVAILABLE : String(value);

export const STAT_LABELS = [
  'Balance',
  'Win Rate',
  'Active Trades',
  'Total Trades',
  'Total Deposits',
  'Total Withdrawals',
  'Total Tips',
] as const;

/** 'Your Stats' (trader spec 2.6), in STAT_LABELS' order: money as '$' and 2 decimals, the win rate with '%'. */
export function statsRows(stats: UserStats): StatRow[] {
  return [
    { label: 'Balance', value: formatMoney(stats.balance) },
    { label: 'Win Rate', value: formatPercent(stats.winRate) },
    { label: 'Active Trades', value: count(stats.activeTrades) },
    { label: 'Total Trades', value: count(stats.totalTrades) },
    { label: 'Total Deposits', value: formatMoney(stats.totalDeposits) },
    { label: 'Total Withdrawals', value: formatMoney(stats.totalWithdrawals) },
    { label: 'Total Tips', value: formatMoney(stats.totalTips) },
  ];
}
