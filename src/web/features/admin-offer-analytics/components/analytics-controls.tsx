import { useId, type ReactNode } from 'react';
import { inputClassName } from '../../../components/ui/form-field';
import type { AnalyticsFilters } from '../lib/analytics-filters';

type Option = { value: string; label: string };

/** Admin spec 2's controls, word for word. */
const TIME_RANGES: Option[] = [
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: '90d', label: 'Last 90 Days' },
];
const BIASES: Option[] = [{ value: '', label: 'All Biases' }, ...['short', 'long', 'balanced'].map(plain)];
const TRENDS: Option[] = [
  { value: '', label: 'All Trends' },
  ...['bullish', 'bearish', 'neutral'].map(plain),
];
const RISKS: Option[] = [{ value: '', label: 'All Risk Levels' }, ...['low', 'medium', 'high'].map(plain)];
const SORTS: Option[] = [
  { value: 'heat_desc', label: 'Heat Score desc' },
  { value: 'progrev_desc', label: 'Progrev Score desc' },
  { value: 'updated_desc', label: 'Last Updated desc' },
];

function plain(value: string): Option {
  return { value, label: value };
}

interface AnalyticsControlsProps {
  filters: AnalyticsFilters;
  onChange: (next: AnalyticsFilters) => void;
  actions: ReactNode;
}

export function AnalyticsControls({ filters, onChange, actions }: AnalyticsControlsProps) {
  const id = useId();
  const select = (
    name: 'timeRange' | 'bias' | 'trend' | 'riskLevel' | 'sort',
    label: string,
    options: Option[],
  ) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <select
        id={`${id}-${name}`}
        value={filters[name]}
        onChange={(event) => onChange({ ...filters, [name]: event.target.value })}
        className={`mt-2 ${inputClassName}`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form
      role="search"
      aria-label="Analytics filters"
      onSubmit={(event) => event.preventDefault()}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {select('timeRange', 'Time Range', TIME_RANGES)}
        {select('bias', 'Bias', BIASES)}
        {select('trend', 'Trend', TRENDS)}
        {select('riskLevel', 'Risk Level', RISKS)}
        {select('sort', 'Sort', SORTS)}
        <div>
          <label htmlFor={`${id}-minHeat`} className="block text-sm font-medium text-slate-200">
            Min Heat: <span className="tabular-nums">{filters.minHeat}</span>
          </label>
          <input
            id={`${id}-minHeat`}
            type="range"
            min={0}
            max={100}
            step={1}
            value={filters.minHeat}
            onChange={(event) => onChange({ ...filters, minHeat: Number(event.target.value) })}
            className="mt-4 w-full accent-orange-600"
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="inline-flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            checked={filters.activeTriggersOnly}
            onChange={(event) => onChange({ ...filters, activeTriggersOnly: event.target.checked })}
            className="h-4 w-4 accent-orange-600"
          />
          Active Triggers
        </label>
        {actions}
      </div>
    </form>
  );
}
