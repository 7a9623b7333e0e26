import { useId, type ReactNode } from 'react';
import type { HeatMapSort } from '../../../../contract/heatmap';
import type { TimeRange } from '../../../../contract/common';
import { Button } from '../../../components/ui/button';
import { inputClassName } from '../../../components/ui/form-field';
import { formatDecimal, formatPositionType } from '../../../lib/format';
import { TIME_RANGE_OPTIONS } from '../../../lib/time-range';
import {
  POSITION_TYPE_FILTERS,
  SEARCH_MAX_LENGTH,
  type HeatmapFilters,
  type RangeName,
} from '../lib/heatmap-filters';
import type { FilterChoice } from '../hooks/use-heatmap-filters';
import { RangeFilter } from './range-filter';

const SORTS: { value: HeatMapSort; label: string }[] = [
  { value: 'heat_desc', label: 'Heat score (high to low)' },
  { value: 'progrev_desc', label: 'Progrev score (high to low)' },
  { value: 'updated_desc', label: 'Last updated (newest first)' },
];
const TRENDS = [
  { value: '', label: 'All trends' },
  { value: 'bullish', label: 'Bullish' },
  { value: 'bearish', label: 'Bearish' },
  { value: 'neutral', label: 'Neutral' },
];
const RISKS = [
  { value: '', label: 'All risk levels' },
  { value: 'low', label: 'Low' },
  { value: 'medium', label: 'Medium' },
  { value: 'high', label: 'High' },
];
const POSITION_TYPES = POSITION_TYPE_FILTERS.map((value) => ({
  value,
  label: value === 'all' ? 'All position types' : formatPositionType(value),
}));

const wholeNumber = (value: number) => String(value);

interface HeatmapControlsProps {
  filters: HeatmapFilters;
  searchText: string;
  onSearchText: (text: string) => void;
  onChoose: (choice: FilterChoice) => void;
  onBound: (name: RangeName, side: 'min' | 'max', raw: string) => void;
  onExport: () => void;
}

/** Every filter of trader spec 2.8, each labelled, and 'Export Heatmap'. */
export function HeatmapControls({
  filters,
  searchText,
  onSearchText,
  onChoose,
  onBound,
  onExport,
}: HeatmapControlsProps) {
  const id = useId();
  return (
    <form role="search" aria-label="Heatmap filters" onSubmit={(event) => event.preventDefault()}>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Labelled id={`${id}-search`} label="Search Pair">
          <input
            id={`${id}-search`}
            type="search"
            value={searchText}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="e.g. BTC/USD"
            autoComplete="off"
            onChange={(event) => onSearchText(event.target.value)}
            className={inputClassName}
          />
        </Labelled>
        <Select
          id={`${id}-range`}
          label="Time Range"
          value={filters.timeRange}
          options={TIME_RANGE_OPTIONS}
          onChange={(value) => onChoose({ timeRange: value as TimeRange })}
        />
        <Select
          id={`${id}-position`}
          label="Position Type"
          value={filters.positionType}
          options={POSITION_TYPES}
          onChange={(positionType) => onChoose({ positionType })}
        />
        <Select
          id={`${id}-trend`}
          label="Trend"
          value={filters.trend}
          options={TRENDS}
          onChange={(trend) => onChoose({ trend })}
        />
        <Select
          id={`${id}-risk`}
          label="Risk Level"
          value={filters.riskLevel}
          options={RISKS}
          onChange={(riskLevel) => onChoose({ riskLevel })}
        />
        <Select
          id={`${id}-sort`}
          label="Sort By"
          value={filters.sortBy}
          options={SORTS}
          onChange={(value) => onChoose({ sortBy: value as HeatMapSort })}
        />
      </div>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <RangeFilter
          name="heat"
          label="Heat Score"
          value={filters.heat}
          format={wholeNumber}
          onChange={onBound}
        />
        <RangeFilter
          name="success"
          label="Success Rate"
          value={filters.success}
          format={(value) => `${value}%`}
          onChange={onBound}
        />
        <RangeFilter
          name="progrev"
          label="Progrev Score"
          value={filters.progrev}
          format={formatDecimal}
          onChange={onBound}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
        <label className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={filters.activeTriggersOnly}
            onChange={(event) => onChoose({ activeTriggersOnly: event.target.checked })}
            className="size-4 accent-orange-500"
          />
          Active triggers only
        </label>
        <Button onClick={onExport}>Export Heatmap</Button>
      </div>
    </form>
  );
}

function Labelled({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="mt-2">{children}</div>
    </div>
  );
}

interface SelectProps {
  id: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}

function Select({ id, label, value, options, onChange }: SelectProps) {
  return (
    <Labelled id={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClassName}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}
