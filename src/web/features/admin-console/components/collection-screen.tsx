import { useState, type ReactNode } from 'react';
import type { TimeRange } from '../../../../contract/common';
import { FILTER_DEBOUNCE_MS } from '../../../lib/debounce';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { CollectionParams } from '../api/get-admin-collection';
import type { CollectionVariant, TabContext } from '../lib/collection-context';
import { CollectionControls, DEFAULT_PAGE_SIZE, DEFAULT_TIME_RANGE } from './collection-controls';
import { useAdminLive } from '../../../lib/use-admin-live';

export interface CollectionTabDef {
  id: string;
  label: string;
  render: (ctx: TabContext) => ReactNode;
}

interface CollectionScreenProps {
  variant: CollectionVariant;
  tabs: readonly CollectionTabDef[];
}

/**
 * The shared top bar (time range, search debounced 300 ms, page size) over a row of tabs; a new
 * filter or tab starts again at page 1.
 */
export function CollectionScreen({ variant, tabs }: CollectionScreenProps) {
  useAdminLive();
  const [tabId, setTabId] = useState(tabs[0]?.id ?? '');
  const [timeRange, setTimeRange] = useState<TimeRange>(DEFAULT_TIME_RANGE);
  const [search, setSearch] = useState('');
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(1);
  const settledSearch = useDebouncedValue(search, FILTER_DEBOUNCE_MS);
  const [pagedSearch, setPagedSearch] = useState(settledSearch);
  if (pagedSearch !== settledSearch) {
    setPagedSearch(settledSearch);
    setPage(1);
  }

  const params: CollectionParams = { timeRange, search: settledSearch, page, pageSize };
  const active = tabs.find((tab) => tab.id === tabId) ?? tabs[0];
  const startOver =
    <V,>(set: (value: V) => void) =>
    (value: V) => {
      set(value);
      setPage(1);
    };

  return (
    <div className="space-y-4">
      <CollectionControls
        timeRange={timeRange}
        onTimeRange={startOver(setTimeRange)}
        search={search}
        onSearch={setSearch}
        pageSize={pageSize}
        onPageSize={startOver(setPageSize)}
      />
      <div
        role="tablist"
        aria-label="Collections"
        className="flex flex-wrap gap-1 border-b border-slate-700 pb-2"
      >
        {tabs.map((tab) => {
          const selected = tab.id === active?.id;
          return (
            <button
              key={tab.id}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              onClick={() => startOver(setTabId)(tab.id)}
              className={`rounded-md px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-orange-400 ${
                selected ? 'bg-orange-700 text-white' : 'text-slate-300 hover:bg-slate-800'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {active ? (
        <div role="tabpanel" id={`panel-${active.id}`} aria-labelledby={`tab-${active.id}`}>
          {active.render({ variant, params, onPageChange: setPage })}
        </div>
      ) : null}
    </div>
  );
}
