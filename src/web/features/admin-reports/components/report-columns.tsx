import type { ReportPayment, ReportTrade, ReportUser } from '../../../../contract/admin-reports';
import { adminFormat } from '../../../lib/admin-format';
import type { Column } from '../../../components/ui/data-table';
import { NOT_AVAILABLE, capitalize, formatMoney } from '../../../lib/format';
import type { ReportSort, ReportSortKey } from '../lib/report-sort';

/** A column of a report table; `sortKey` makes its header sort the table on the server. */
interface ReportColumn<T> extends Omit<Column<T>, 'sort'> {
  sortKey?: ReportSortKey;
}

/** Admin spec 9: percentages with 4 decimals; an open trade has no profit yet. */
const profit = (value: number | null) =>
  value === null ? NOT_AVAILABLE : `${adminFormat.percentage(value)}%`;

function UserCell({ user }: { user: ReportUser }) {
  return (
    <span className="flex flex-col">
      <span>{user.username ?? NOT_AVAILABLE}</span>
      <span className="text-xs text-slate-400">{user.email}</span>
    </span>
  );
}

const money = 'text-right tabular-nums';

export const tradeColumns: readonly ReportColumn<ReportTrade>[] = [
  { key: 'pair', header: 'Pair', sortKey: 'pair', cell: (t) => t.pair },
  {
    key: 'amount',
    header: 'Amount',
    sortKey: 'amount',
    cell: (t) => formatMoney(t.amount),
    className: money,
  },
  {
    key: 'profitPercent',
    header: 'Profit %',
    sortKey: 'profitPercent',
    cell: (t) => profit(t.profitPercent),
    className: money,
  },
  { key: 'user', header: 'User', cell: (t) => <UserCell user={t.User} /> },
  { key: 'date', header: 'Date', sortKey: 'createdAt', cell: (t) => adminFormat.date(t.createdAt) },
];

export const paymentColumns: readonly ReportColumn<ReportPayment>[] = [
  { key: 'type', header: 'Type', sortKey: 'type', cell: (p) => capitalize(p.type) },
  {
    key: 'amount',
    header: 'Amount',
    sortKey: 'amount',
    cell: (p) => formatMoney(p.amount),
    className: money,
  },
  { key: 'status', header: 'Status', sortKey: 'status', cell: (p) => capitalize(p.status) },
  { key: 'user', header: 'User', cell: (p) => <UserCell user={p.User} /> },
  { key: 'date', header: 'Date', sortKey: 'createdAt', cell: (p) => adminFormat.date(p.createdAt) },
];

/** The table's columns, each sortable one showing its arrow and flipping the sort on a click. */
export function sortableColumns<T>(
  columns: readonly ReportColumn<T>[],
  sort: ReportSort,
  onSort: (key: ReportSortKey) => void,
): Column<T>[] {
  return columns.map(({ sortKey, ...column }) =>
    sortKey
      ? {
          ...column,
          sort: { direction: sort.key === sortKey ? sort.direction : null, onToggle: () => onSort(sortKey) },
        }
      : column,
  );
}

const who = (user: ReportUser) => user.username ?? user.email;

export const tradeRowLabel = (t: ReportTrade) =>
  `${t.pair} trade of ${formatMoney(t.amount)} by ${who(t.User)}: details`;
export const paymentRowLabel = (p: ReportPayment) =>
  `${capitalize(p.type)} of ${formatMoney(p.amount)} by ${who(p.User)}: details`;
