import type { CollectionParams } from './admin-queries';
import type { CollectionVariant } from './list-tab';

/** What every tab of a collection screen gets from the shared top bar. */
export interface TabContext {
  variant: CollectionVariant;
  params: CollectionParams;
  onPageChange: (page: number) => void;
}
