import type { TimeRange } from '../../../../contract/common';
import { inputClassName } from '../../../components/ui/form-field';
import { COLLECTION_TIME_RANGES } from '../../../lib/time-range';

/* The top bar shared by both collection screens (admin spec 2 and 9). */

export const COLLECTION_PAGE_SIZES = [10, 50, 100] as const;
export const DEFAULT_TIME_RANGE: TimeRange = '30d';
export const DEFAULT_PAGE_SIZE = 50;

interface CollectionControlsProps {
  timeRange: TimeRange;
  onTimeRange: (value: TimeRange) => void;
  search: string;
  onSearch: (value: string) => void;
  pageSize: number;
  onPageSize: (value: number) => void;
}

export function CollectionControls(props: CollectionControlsProps) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
      <label className="flex flex-col gap-1 text-sm text-slate-300">
        Time range
        <select
          className={inputClassName}
          value={props.timeRange}
          onChange={(event) => props.onTimeRange(event.target.value as TimeRange)}
        >
          {COLLECTION_TIME_RANGES.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-1 flex-col gap-1 text-sm text-slate-300">
        Search
        <input
          type="search"
          className={inputClassName}
          value={props.search}
          placeholder="Search..."
          onChange={(event) => props.onSearch(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm text-slate-300">
        Page size
        <select
          className={inputClassName}
          value={props.pageSize}
          onChange={(event) => props.onPageSize(Number(event.target.value))}
        >
          {COLLECTION_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
