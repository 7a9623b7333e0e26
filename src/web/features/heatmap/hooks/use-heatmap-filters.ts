import { useCallback, useMemo, useState } from 'react';
import { DEFAULT_FILTERS, setRangeBound, type HeatmapFilters, type RangeName } from '../lib/heatmap-filters';
import { FILTER_DEBOUNCE_MS } from '../../../lib/debounce';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

export type FilterChoice = Partial<Omit<HeatmapFilters, 'search' | RangeName>>;

/**
 * The screen's filter state. The search box answers every key stroke while the query follows it
 * 300 ms after typing stops; `initialSearch` (the landing page's `?pair=`) applies at once.
 */
export function useHeatmapFilters(initialSearch: string) {
  const [choices, setChoices] = useState<Omit<HeatmapFilters, 'search'>>(DEFAULT_FILTERS);
  const [searchText, setSearchText] = useState(initialSearch);
  const search = useDebouncedValue(searchText, FILTER_DEBOUNCE_MS).trim();

  const filters = useMemo<HeatmapFilters>(() => ({ ...choices, search }), [choices, search]);
  const choose = useCallback((choice: FilterChoice) => setChoices((held) => ({ ...held, ...choice })), []);
  const setBound = useCallback(
    (name: RangeName, side: 'min' | 'max', raw: string) =>
      setChoices((held) => ({ ...held, [name]: setRangeBound(name, held[name], side, raw) })),
    [],
  );
  return { filters, searchText, setSearchText, choose, setBound };
}
