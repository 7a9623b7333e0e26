import type { TimeRange } from '../../../../contract/common';
import { SelectField } from '../../../components/ui/select-field';
import type { TrackRecordFilters } from '../lib/track-record-filters';

const PERIODS: readonly { value: TimeRange; label: string }[] = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: 'all', label: 'All time' },
];

/** '' stands for every family or pair; a value from a shared link stays choosable before it loads. */
function choices(all: string, values: readonly string[], current: string | undefined) {
  const listed = current && !values.includes(current) ? [...values, current] : values;
  return [{ value: '', label: all }, ...listed.map((value) => ({ value, label: value }))];
}

export function TrackRecordFilterBar({
  filters,
  options,
  onChange,
}: {
  filters: TrackRecordFilters;
  options: { families: readonly string[]; pairs: readonly string[] } | undefined;
  onChange: (next: TrackRecordFilters) => void;
}) {
  return (
    <div role="group" aria-label="Filters" className="grid gap-4 sm:grid-cols-3">
      <SelectField
        id="track-record-family"
        label="Family"
        value={filters.family ?? ''}
        options={choices('All families', options?.families ?? [], filters.family)}
        onChange={(family) => onChange({ ...filters, family: family || undefined })}
      />
      <SelectField
        id="track-record-pair"
        label="Pair"
        value={filters.pair ?? ''}
        options={choices('All pairs', options?.pairs ?? [], filters.pair)}
        onChange={(pair) => onChange({ ...filters, pair: pair || undefined })}
      />
      <SelectField
        id="track-record-period"
        label="Period"
        value={filters.period}
        options={PERIODS}
        onChange={(period) => onChange({ ...filters, period })}
      />
    </div>
  );
}
