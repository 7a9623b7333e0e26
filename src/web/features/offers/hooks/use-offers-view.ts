import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { OfferFilters } from '../lib/offer-filters';
import type { OfferTab } from '../lib/offer-tabs';
import { parseOffersView, serializeOffersView, type OffersView } from '../lib/offers-url';

/**
 * The tab and filters, kept in the address bar (trader spec 2.7): every change rewrites it in
 * place (replace, so Back leaves the screen rather than stepping through filter changes). The
 * controls show the address bar, so each change renders at once (flushSync): otherwise a second quick
 * click would start from the view before the first and undo it.
 */
export function useOffersView() {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const view = useMemo(() => parseOffersView(new URLSearchParams(query)), [query]);

  const write = (next: OffersView) => {
    const nextQuery = serializeOffersView(next);
    // A range field left as it was, or a tab clicked twice, is no change.
    if (nextQuery.toString() !== query) setParams(nextQuery, { replace: true, flushSync: true });
  };
  return {
    ...view,
    setTab: (tab: OfferTab) => write({ ...view, tab }),
    setFilters: (filters: OfferFilters) => write({ ...view, filters }),
  };
}
