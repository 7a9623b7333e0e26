import { Link } from 'react-router';
import type { SortDirection } from '../../../../contract/common';
import type { OfferSort } from '../../../../contract/offers';
import { SectionCard } from '../../../components/ui/section-card';
import { capitalize, formatPositionType } from '../../../lib/format';
import {
  FILTER_POSITION_TYPES,
  FILTER_RISK_LEVELS,
  FILTER_STATUSES,
  type OfferFilters,
} from '../lib/offer-filters';
import { CheckboxField, CheckboxGroup, SelectField } from './filter-controls';
import { RangeField } from './range-field';
import { SearchPairField } from './search-pair-field';

const SORT_OPTIONS: { value: OfferSort; label: string }[] = [
  { value: 'heatScore', label: 'Heat Score' },
  { value: 'successRate', label: 'Success Rate' },
  { value: 'createdAt', label: 'Created At' },
];
const DIRECTION_OPTIONS: { value: SortDirection; label: string }[] = [
  { value: 'desc', label: 'Descending' },
  { value: 'asc', label: 'Ascending' },
];
const POSITION_OPTIONS = FILTER_POSITION_TYPES.map((value) => ({ value, label: formatPositionType(value) }));
const RISK_OPTIONS = FILTER_RISK_LEVELS.map((value) => ({ value, label: capitalize(value) }));
const STATUS_OPTIONS = FILTER_STATUSES.map((value) => ({ value, label: capitalize(value) }));

interface OfferFiltersPanelProps {
  /** The panel's own choices (what the address bar holds). */
  filters: OfferFilters;
  /** What the list is asked for: the preferences' values while 'Use Preferences' is ticked. */
  applied: OfferFilters;
  onChange: (filters: OfferFilters) => void;
}

/**
 * Trader spec 2.7's filters panel. While 'Use Preferences' is ticked the fields it overrides show
 * the preferences' values and are locked; unticking it brings the panel's own choices back.
 */
export function OfferFiltersPanel({ filters, applied, onChange }: OfferFiltersPanelProps) {
  const set = (patch: Partial<OfferFilters>) => onChange({ ...filters, ...patch });
  const locked = filters.usePrefs;
  return (
    <SectionCard title="Filters" className="mb-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SearchPairField value={filters.search} onSearch={(search) => set({ search })} />
        <SelectField
          label="Sort By"
          value={filters.sortBy}
          options={SORT_OPTIONS}
          onChange={(sortBy) => set({ sortBy })}
        />
        <SelectField
          label="Sort Direction"
          value={filters.sortDir}
          options={DIRECTION_OPTIONS}
          onChange={(sortDir) => set({ sortDir })}
        />
        <CheckboxField
          label="Use Preferences"
          checked={filters.usePrefs}
          onChange={(usePrefs) => set({ usePrefs })}
          hint={
            <>
              Position types, risk levels and minimum success rate from your{' '}
              <Link to="/settings" className="text-orange-300 underline hover:text-orange-200">
                settings
              </Link>
              .
            </>
          }
        />
        <div className="sm:col-span-2">
          <CheckboxGroup
            legend="Position Type"
            options={POSITION_OPTIONS}
            selected={applied.positionTypes}
            onChange={(positionTypes) => set({ positionTypes })}
            disabled={locked}
            collapsible
          />
        </div>
        <CheckboxGroup
          legend="Risk Level"
          options={RISK_OPTIONS}
          selected={applied.riskLevels}
          onChange={(riskLevels) => set({ riskLevels })}
          disabled={locked}
        />
        <CheckboxGroup
          legend="Status"
          options={STATUS_OPTIONS}
          selected={filters.statuses}
          onChange={(statuses) => set({ statuses })}
        />
        <div className="sm:col-span-2">
          <RangeField
            name="Success Rate"
            range={applied.successRate}
            onChange={(successRate) => set({ successRate })}
            disabled={locked}
          />
        </div>
        <div className="sm:col-span-2">
          <RangeField
            name="Heat Score"
            range={filters.heatScore}
            onChange={(heatScore) => set({ heatScore })}
          />
        </div>
      </div>
    </SectionCard>
  );
}
