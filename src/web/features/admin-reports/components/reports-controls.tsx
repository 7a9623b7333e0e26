import { useId } from 'react';
import { REPORT_PAGE_SIZES } from '../../../../contract/admin-reports';
import type { TimeRange } from '../../../../contract/common';
import { COLLECTION_TIME_RANGES } from '../../../components/admin/collection-controls';
import { FormField, inputClassName } from '../../../components/ui/form-field';

export interface ReportFilterText {
  user: string;
  pair: string;
}

interface ReportsControlsProps {
  timeRange: TimeRange;
  onTimeRange: (value: TimeRange) => void;
  filters: ReportFilterText;
  onFilters: (next: ReportFilterText) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
}

/** Time range, the user and pair filters (sent 300 ms after the last keystroke) and the page size. */
export function ReportsControls(props: ReportsControlsProps) {
  const id = useId();
  const text = (name: keyof ReportFilterText) => ({
    id: `${id}-${name}`,
    type: 'search',
    value: props.filters[name],
    onChange: (event: { target: { value: string } }) =>
      props.onFilters({ ...props.filters, [name]: event.target.value }),
    autoComplete: 'off',
    className: inputClassName,
  });
  return (
    <form
      role="search"
      aria-label="Report filters"
      onSubmit={(event) => event.preventDefault()}
      className="mb-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <FormField id={`${id}-range`} label="Time Range">
        {() => (
          <select
            id={`${id}-range`}
            value={props.timeRange}
            onChange={(event) => props.onTimeRange(event.target.value as TimeRange)}
            className={inputClassName}
          >
            {COLLECTION_TIME_RANGES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField id={`${id}-user`} label="Filter by User">
        {() => <input {...text('user')} placeholder="Username or email" />}
      </FormField>
      <FormField id={`${id}-pair`} label="Filter by Pair">
        {() => <input {...text('pair')} placeholder="e.g. BTC/USD" />}
      </FormField>
      <FormField id={`${id}-size`} label="Page Size">
        {() => (
          <select
            id={`${id}-size`}
            value={props.pageSize}
            onChange={(event) => props.onPageSize(Number(event.target.value))}
            className={inputClassName}
          >
            {REPORT_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        )}
      </FormField>
    </form>
  );
}
