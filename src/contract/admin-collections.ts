import { z } from 'zod';
import { pageQuery, searchQuery, sortQuery, timeRangeSchema, totalSchema } from './common';
import { cryptoPairRecordSchema } from './admin-pairs';
import {
  actionLogRecordSchema,
  adminOfferRecordSchema,
  adminPaymentRecordSchema,
  adminUserRecordSchema,
  analysisRecordSchema,
  analysisSnapshotRecordSchema,
  auditLogRecordSchema,
  tickerLogRecordSchema,
  userOfferRecordSchema,
  userPreferencesRecordSchema,
} from './admin-records';
import { triggerRecordSchema } from './admin-triggers';

/*
 * The admin dashboard's list collections (records in admin-records.ts). Each list takes
 * timeRange, search, page, pageSize and sort (`key_direction`) and answers { records, total }.
 * Global settings, pending approvals and system health have their own files.
 */

export const ADMIN_PAGE_SIZES = [10, 25, 50, 100] as const;

export const adminListQuery = <const K extends string>(sortKeys: readonly K[]) =>
  z.object({
    timeRange: timeRangeSchema.default('30d'),
    search: searchQuery,
    ...pageQuery(ADMIN_PAGE_SIZES, 50).shape,
    sort: sortQuery(sortKeys).optional(),
  });

export const adminListResponse = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), total: totalSchema });
export interface AdminListResponse<T> {
  records: T[];
  total: number;
}

const adminList = <const P extends string, R extends z.ZodObject, const K extends string>(
  path: P,
  record: R,
  sortKeys: readonly K[],
) =>
  ({
    method: 'GET',
    path,
    auth: 'admin',
    query: adminListQuery(sortKeys),
    response: adminListResponse(record),
  }) as const;

export const adminAnalysesEndpoint = adminList('/api/admin/analyses', analysisRecordSchema, [
  'pair',
  'status',
  'progrev_score',
  'density',
  'createdAt',
]);
export const adminAnalysisSnapshotsEndpoint = adminList(
  '/api/admin/analysis-snapshots',
  analysisSnapshotRecordSchema,
  ['status', 'progress', 'snapshot_timestamp'],
);
export const adminAuditLogsEndpoint = adminList('/api/admin/all-audit-logs', auditLogRecordSchema, [
  'action',
  'timestamp',
]);
export const adminCryptoPairsEndpoint = adminList('/api/admin/all-crypto-pairs', cryptoPairRecordSchema, [
  'symbol',
  'krakenSymbol',
  'active',
  'deactivation_attempts',
  'analysis_count',
  'avg_progrev',
  'createdAt',
]);
export const adminTickerLogsEndpoint = adminList('/api/admin/ticker-logs', tickerLogRecordSchema, [
  'pair',
  'price',
  'volume',
  'percentage',
  'timestamp',
]);
export const adminOffersEndpoint = adminList('/api/admin/offers', adminOfferRecordSchema, [
  'pair',
  'heatScore',
  'successRate',
  'status',
  'updatedAt',
]);
export const adminTriggersEndpoint = adminList('/api/admin/all-triggers', triggerRecordSchema, [
  'type',
  'symbol',
  'active',
  'createdAt',
]);
export const adminPaymentsEndpoint = adminList('/api/admin/payments', adminPaymentRecordSchema, [
  'type',
  'amount',
  'status',
  'createdAt',
]);
export const adminUsersEndpoint = adminList('/api/admin/users', adminUserRecordSchema, [
  'username',
  'email',
  'balance',
  'createdAt',
]);
export const adminUserOffersEndpoint = adminList('/api/admin/user-offers', userOfferRecordSchema, [
  'action',
  'entryAmount',
  'profitPercent',
  'createdAt',
]);
export const adminActionLogsEndpoint = adminList('/api/admin/action-logs', actionLogRecordSchema, [
  'pair',
  'action',
  'status',
  'timestamp',
]);
export const adminUserPreferencesEndpoint = adminList(
  '/api/admin/user-preferences',
  userPreferencesRecordSchema,
  ['userId'],
);

/** The twelve list collections, keyed as the dashboard names them. */
export const adminCollectionEndpoints = {
  analyses: adminAnalysesEndpoint,
  analysisSnapshots: adminAnalysisSnapshotsEndpoint,
  auditLogs: adminAuditLogsEndpoint,
  cryptoPairs: adminCryptoPairsEndpoint,
  tickerLogs: adminTickerLogsEndpoint,
  offers: adminOffersEndpoint,
  triggers: adminTriggersEndpoint,
  payments: adminPaymentsEndpoint,
  users: adminUsersEndpoint,
  userOffers: adminUserOffersEndpoint,
  actionLogs: adminActionLogsEndpoint,
  userPreferences: adminUserPreferencesEndpoint,
} as const;
export type AdminCollection = keyof typeof adminCollectionEndpoints;
export type AdminListQuery = z.infer<ReturnType<typeof adminListQuery>>;
export type AdminListQueryInput = z.input<ReturnType<typeof adminListQuery>>;
