import { adminCollectionEndpoints, type AdminCollection } from '../../../../contract/admin-collections';
import type { AdminListResponse } from '../../../../contract/admin-collections';
import { useAdminCollection, type ListEndpoint } from '../api/get-admin-collection';
import type { CollectionColumn } from '../../../components/ui/collection-column';
import {
  actionLogColumns,
  analysisColumns,
  auditLogColumns,
  offerColumns,
  snapshotColumns,
  tickerLogColumns,
  userColumns,
  userOfferColumns,
  userPreferencesColumns,
} from './collection-columns';
import type { TabContext } from '../lib/collection-context';
import { ListTab, type ListTabProps } from './list-tab';

type Extra<T> = Pick<ListTabProps<T>, 'actions' | 'toolbar' | 'footer' | 'loadErrorText'>;

interface CollectionTabProps<T> extends TabContext, Extra<T> {
  collection: AdminCollection;
  title: string;
  columns: readonly CollectionColumn<T>[];
  rowKey?: (row: T) => string;
  rowLabel: (row: T) => string;
}

/** A tab over one of the contract's list collections. */
export function CollectionTab<T>({ collection, params, ...props }: CollectionTabProps<T>) {
  const endpoint = adminCollectionEndpoints[collection] as unknown as ListEndpoint<T>;
  const query = useAdminCollection<T>(collection, endpoint, params);
  const data: AdminListResponse<T> | undefined = query.data;
  return (
    <ListTab<T>
      {...props}
      name={collection}
      timeRange={params.timeRange}
      rows={data?.records}
      total={data?.total ?? 0}
      loading={query.isFetching}
      error={query.error}
      page={params.page}
      pageSize={params.pageSize}
      rowKey={props.rowKey ?? ((row) => (row as { id: string }).id)}
    />
  );
}

/* The read-only tabs: columns and a name for each row's checkbox. */

export const AnalysesTab = (ctx: TabContext) => (
  <CollectionTab
    {...ctx}
    collection="analyses"
    title="Analyses"
    columns={analysisColumns}
    rowLabel={(r) => `analysis ${r.id}`}
  />
);
export const SnapshotsTab = (ctx: TabContext) => (
  <CollectionTab
    {...ctx}
    collection="analysisSnapshots"
    title="Analysis Snapshots"
    columns={snapshotColumns}
    rowLabel={(r) => `snapshot ${r.id}`}
  />
);
export const AuditLogsTab = (ctx: TabContext) => (
  <CollectionTab
    {...ctx}
    collection="auditLogs"
    title="Audit Logs"
    columns={auditLogColumns}
    rowLabel={(r) => `audit log ${r.id}`}
  />
);
export const TickerLogsTab = (ctx: TabContext) => (
  <CollectionTab
    {...ctx}
    collection="tickerLogs"
    title="Ticker Logs"
    columns={tickerLogColumns}
    rowLabel={(r) => `ticker log ${r.id}`}
  />
);
export const OffersTab = (ctx: TabContext) => (
  <CollectionTab
    {...ctx}
    collection="offers"
    title="Offers"
    columns={offerColumns}
    rowLabel={(r) => `offer ${r.id}`}
  />
);
export const UsersTab = (ctx: TabContext) => (
  <CollectionTab
    {...ctx}
    collection="users"
    title="Users"
    columns={userColumns}
    rowLabel={(r) => `user ${r.email}`}
  />
);
export const UserOffersTab = (ctx: TabContext) => (
  <CollectionTab
    {...ctx}
    collection="userOffers"
    title="User Offers"
    columns={userOfferColumns}
    rowLabel={(r) => `user offer ${r.id}`}
  />
);
export const ActionLogsTab = (ctx: TabContext) => (
  <CollectionTab
    {...ctx}
    collection="actionLogs"
    title="Action Logs"
    columns={actionLogColumns}
    rowLabel={(r) => `action log ${r.id}`}
  />
);
export const UserPreferencesTab = (ctx: TabContext) => (
  <CollectionTab
    {...ctx}
    collection="userPreferences"
    title="User Preferences"
    columns={userPreferencesColumns}
    rowKey={(r) => r.userId}
    rowLabel={(r) => `preferences of ${r.userId}`}
  />
);
