import type { CollectionParams } from '../api/get-admin-collection';

/** Which screen a tab sits on: the dashboard and the All-Seeing Eye word a few things differently. */
export type CollectionVariant = 'dashboard' | 'eye';

/** What every tab of a collection screen gets from the shared top bar. */
export interface TabContext {
  variant: CollectionVariant;
  params: CollectionParams;
  onPageChange: (page: number) => void;
}
