import type { Approval } from '../../../../contract/admin-approvals';
import type { CryptoPairRecord } from '../../../../contract/admin-pairs';
import type {
  ActionLogRecord,
  AdminOfferRecord,
  AdminPaymentRecord,
  AdminUserRecord,
  AnalysisRecord,
  AnalysisSnapshotRecord,
  AuditLogRecord,
  TickerLogRecord,
  UserOfferRecord,
  UserPreferencesRecord,
} from '../../../../contract/admin-records';
import type { TriggerRecord } from '../../../../contract/admin-triggers';
import { adminFormat as f } from '../../../lib/admin-format';
import type { CollectionColumn } from '../../../components/ui/collection-column';

/* One column list per collection, in the spec's order and formats (admin spec 2 and 9). */

const text = <T,>(
  key: string,
  header: string,
  get: (row: T) => string | number | null,
): CollectionColumn<T> => ({
  key,
  header,
  cell: (row) => f.text(get(row)),
  csv: get,
});
const date = <T,>(key: string, header: string, get: (row: T) => string): CollectionColumn<T> => ({
  key,
  header,
  cell: (row) => f.date(get(row)),
  csv: get,
});
const num = <T,>(
  key: string,
  header: string,
  get: (row: T) => number | null,
  format: (value: number | null) => string,
): CollectionColumn<T> => ({
  key,
  header,
  cell: (row) => format(get(row)),
  csv: get,
  className: 'text-right',
});
const list = <T,>(key: string, header: string, get: (row: T) => readonly string[]): CollectionColumn<T> => ({
  key,
  header,
  cell: (row) => f.list(get(row)),
  csv: (row) => get(row).join(', '),
});
const yesNo = <T,>(key: string, header: string, get: (row: T) => boolean): CollectionColumn<T> => ({
  key,
  header,
  cell: (row) => f.yesNo(get(row)),
  csv: get,
});

export const analysisColumns: CollectionColumn<AnalysisRecord>[] = [
  text('pair', 'Pair', (r) => r.pair),
  text('userId', 'User ID', (r) => r.userId),
  text('status', 'Status', (r) => r.status),
  num('progrev_score', 'Progrev Score', (r) => r.progrev_score, f.score),
  num('density', 'Density', (r) => r.density, f.score),
  date('createdAt', 'Created At', (r) => r.createdAt),
];

export const snapshotColumns: CollectionColumn<AnalysisSnapshotRecord>[] = [
  text('analysisId', 'Analysis ID', (r) => r.analysisId),
  text('status', 'Status', (r) => r.status),
  {
    key: 'progress',
    header: 'Progress (%)',
    cell: (r) => `${r.progress}%`,
    csv: (r) => r.progress,
    className: 'text-right',
  },
  date('snapshot_timestamp', 'Timestamp', (r) => r.snapshot_timestamp),
];

export const auditLogColumns: CollectionColumn<AuditLogRecord>[] = [
  text('userId', 'User ID', (r) => r.userId),
  text('action', 'Action', (r) => r.action),
  {
    key: 'details',
    header: 'Details',
    cell: (r) => <code className="text-xs">{f.json(r.details)}</code>,
    csv: (r) => JSON.stringify(r.details),
  },
  date('timestamp', 'Timestamp', (r) => r.timestamp),
];

export const cryptoPairColumns: CollectionColumn<CryptoPairRecord>[] = [
  text('symbol', 'Symbol', (r) => r.symbol),
  text('krakenSymbol', 'Kraken Symbol', (r) => r.krakenSymbol),
  yesNo('active', 'Active', (r) => r.active),
  num('deactivation_attempts', 'Deactivation Attempts', (r) => r.deactivation_attempts, f.text),
  num('analysis_count', 'Analysis Count', (r) => r.analysis_count, f.text),
  num('avg_progrev', 'Avg Progrev', (r) => r.avg_progrev, f.score),
];

export const tickerLogColumns: CollectionColumn<TickerLogRecord>[] = [
  text('pair', 'Pair', (r) => r.pair),
  num('price', 'Price', (r) => r.price, f.price),
  num('volume', 'Volume', (r) => r.volume, f.price),
  num('percentage', 'Percentage', (r) => r.percentage, f.percentage),
  date('timestamp', 'Timestamp', (r) => r.timestamp),
];

export const offerColumns: CollectionColumn<AdminOfferRecord>[] = [
  text('pair', 'Pair', (r) => r.pair),
  num('heatScore', 'Heat Score', (r) => r.heatScore, f.score),
  num('successRate', 'Success Rate', (r) => r.successRate, f.score),
  text('status', 'Status', (r) => r.status),
  date('updatedAt', 'Updated At', (r) => r.updatedAt),
];

export const triggerColumns: CollectionColumn<TriggerRecord>[] = [
  text('type', 'Type', (r) => r.type),
  text('symbol', 'Symbol', (r) => r.symbol),
  text('source', 'Source', (r) => r.source),
  list('keywords', 'Keywords', (r) => r.keywords),
  yesNo('active', 'Active', (r) => r.active),
  date('createdAt', 'Created At', (r) => r.createdAt),
];

export const paymentColumns: CollectionColumn<AdminPaymentRecord>[] = [
  text('type', 'Type', (r) => r.type),
  num('amount', 'Amount', (r) => r.amount, f.money),
  text('status', 'Status', (r) => r.status),
  date('createdAt', 'Created At', (r) => r.createdAt),
];

export const userColumns: CollectionColumn<AdminUserRecord>[] = [
  text('username', 'Username', (r) => r.username),
  text('email', 'Email', (r) => r.email),
  num('balance', 'Balance', (r) => r.balance, f.money),
  date('createdAt', 'Created At', (r) => r.createdAt),
];

export const userOfferColumns: CollectionColumn<UserOfferRecord>[] = [
  text('userId', 'User ID', (r) => r.userId),
  text('action', 'Action', (r) => r.action),
  num('entryAmount', 'Amount', (r) => r.entryAmount, f.money),
  num('profitPercent', 'Profit %', (r) => r.profitPercent, f.score),
  date('createdAt', 'Created At', (r) => r.createdAt),
];

export const actionLogColumns: CollectionColumn<ActionLogRecord>[] = [
  text('pair', 'Pair', (r) => r.pair),
  text('action', 'Action', (r) => r.action),
  text('status', 'Status', (r) => r.status),
  date('timestamp', 'Timestamp', (r) => r.timestamp),
];

export const userPreferencesColumns: CollectionColumn<UserPreferencesRecord>[] = [
  text('userId', 'User ID', (r) => r.userId),
  list('preferredPairs', 'Preferred Pairs', (r) => r.preferredPairs),
  list('preferredRiskLevels', 'Risk Levels', (r) => r.preferredRiskLevels),
  list('preferredPositionTypes', 'Position Types', (r) => r.preferredPositionTypes),
];

export const approvalColumns: CollectionColumn<Approval>[] = [
  text('id', 'ID', (r) => r.id),
  text('username', 'User', (r) => r.User.username),
  num('amount', 'Amount', (r) => r.amount, f.money),
  text('status', 'Status', (r) => r.status),
  date('createdAt', 'Created At', (r) => r.createdAt),
];
