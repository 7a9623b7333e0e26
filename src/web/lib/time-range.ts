import type { TimeRange } from '../../contract/common';

/** The time ranges a screen offers (heat map, Signal Quality), in order, with their labels. */
export const TIME_RANGE_OPTIONS: readonly { value: TimeRange; label: string }[] = [
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
  { value: 'all', label: 'All time' },
];
