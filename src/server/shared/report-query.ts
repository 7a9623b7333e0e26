/**
 * What the admin lists and reports ask of an owning module's table: a time window, optional
 * filters, a sort and a slice. Each owner maps the sort key to its own column (time ranges and
 * searches: db/list-query.ts).
 */
import type { SortDirection } from '../../contract/common';

export interface ReportSlice {
  since?: Date;
  /** Only these users' rows; undefined = everyone. */
  userIds?: readonly string[];
  /** A key the table does not know sorts by creation time, newest first. */
  sort: { key: string; direction: SortDirection };
  limit: number;
  offset: number;
}
