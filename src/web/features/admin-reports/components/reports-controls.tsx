import { useId } from 'react';
import { REPORT_PAGE_SIZES } from '../../../../contract/admin-reports';
import type { TimeRange } from '../../../../contract/common';
import { COLLECTION_TIME_RANGES } from '../../../lib/time-range';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { pageSizeOptions, SelectField } from '../../../components/ui/select-field';

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
      <SelectField
        id={`${id}-range`}
        label="Time Range"
        value={props.timeRange}
        options={COLLECTION_TIME_RANGES}
        onChange={props.onTimeRange}
      />
      <FormField id={`${id}-user`} label="Filter by User">
        {() => <input {...text('user')} placeholder="Username or email" />}
      </FormField>
      <FormField id={`${id}-pair`} label="Filter by Pair">
        {() => <input {...text('pair')} placeholder="e.g. BTC/USD" />}
      </FormField>
      <SelectField
        id={`${id}-size`}
        label="Page Size"
        value={props.pageSize}
        options={pageSizeOptions(REPORT_PAGE_SIZES)}
        onChange={props.onPageSize}
      />
    </form>
  );
}
