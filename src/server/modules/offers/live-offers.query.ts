/**
 * GET /api/offers over the in-memory live offers: filter, sort and page. Pure, so its meaning is
 * tested without a database; it keeps the SQL list's rules (search on the symbol with or without
 * its slash, ranges inclusive, newest first among equals).
 */
import type { ListOffersQuery, Offer } from '../../../contract/offers';

export interface LiveOfferFilter {
  statuses: readonly string[];
  positionTypes?: readonly string[];
  riskLevels?: readonly string[];
  success: readonly [number, number];
  heat: readonly [number, number];
  search?: string;
  sortBy: ListOffersQuery['sortBy'];
  sortDir: ListOffersQuery['sortDir'];
  offset: number;
  limit: number;
  /** Offers past their expiration are over even before the upkeep job marks them expired. */
  now: Date;
  /** Offers the caller has accepted or rejected. */
  acted: ReadonlySet<string>;
}

function matcher(search: string | undefined): (pair: string) => boolean {
  if (!search) return () => true;
  const wanted = search.toUpperCase().replace(/-/g, '/');
  const compact = wanted.replace(/[^A-Z0-9]/g, '');
  return (pair) => {
    const symbol = pair.toUpperCase();
    return symbol.includes(wanted) || (compact !== '' && symbol.replace(/\//g, '').includes(compact));
  };
}

const SORT_KEYS = {
  heatScore: (offer: Offer) => offer.heatScore,
  successRate: (offer: Offer) => offer.successRate,
  // ISO-8601 instants of one format order as text.
  createdAt: (offer: Offer) => offer.createdAt,
} as const;

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export function selectLiveOffers(
  offers: Iterable<Offer>,
  filter: LiveOfferFilter,
): { data: Offer[]; total: number } {
  const now = filter.now.toISOString();
  const matches = matcher(filter.search);
  const inRange = (value: number, [min, max]: readonly [number, number]) => value >= min && value <= max;
  const selected: Offer[] = [];
  for (const offer of offers) {
    if (!filter.statuses.includes(offer.status) || offer.expiration <= now) continue;
    if (filter.acted.has(offer.id)) continue;
    if (filter.positionTypes && !filter.positionTypes.includes(offer.positionType)) continue;
    if (filter.riskLevels && !filter.riskLevels.includes(offer.riskLevel)) continue;
    if (!inRange(offer.successRate, filter.success) || !inRange(offer.heatScore, filter.heat)) continue;
    if (!matches(offer.pair)) continue;
    selected.push(offer);
  }
  const key = SORT_KEYS[filter.sortBy];
  const direction = filter.sortDir === 'asc' ? 1 : -1;
  selected.sort(
    (a, b) => direction * compare(key(a), key(b)) || compare(b.createdAt, a.createdAt) || compare(b.id, a.id),
  );
  return { data: selected.slice(filter.offset, filter.offset + filter.limit), total: selected.length };
}
