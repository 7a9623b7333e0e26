import type { TimeRange } from '../../contract/common';

/** The time ranges a screen offers (heat map, Signal Quality), in order, with their labels. */
export const TIME_RANGE_OPTIONS: readonly { value: TimeRange; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'all', label: 'All time' },
];

/** The back office's time ranges (admin spec 2 and 9: its collections and reports), worded its way. */
export const COLLECTION_TIME_RANGES: readonly { value: TimeRange; label: string }[] = [
  { value: '7d', label: '7 Days' },
  { value: '30d', label: '30 Days' },
  { value: '90d', label: '90 Days' },
  { value: 'all', label: 'All Time' },
];
