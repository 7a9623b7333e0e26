/**
 * GET /api/offers over the in-memory live offers: sort, filter and page. Pure, so its meaning is
 * tested without a database; it keeps the SQL list's rules (search on the symbol with or without
 * its slash, ranges inclusive, newest first among equals).
 */
import type { ListOffersQuery, Offer } from '../../../contract/offers';
import { pairMatcher } from '../../../contract/pair-search';

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

const SORT_KEYS = {
  heatScore: (offer: Offer) => offer.heatScore,
  successRate: (offer: Offer) => offer.successRate,
  // ISO-8601 instants of one format order as text.
  createdAt: (offer: Offer) => offer.createdAt,
} as const;

function compare(a: string | number, b: string | number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The live offers in the order a list asks for (ties: newest first). */
export function sortLiveOffers<T extends { offer: Offer }>(
  offers: Iterable<T>,
  sortBy: LiveOfferFilter['sortBy'],
  sortDir: LiveOfferFilter['sortDir'],
): T[] {
  const key = SORT_KEYS[sortBy];
  const direction = sortDir === 'asc' ? 1 : -1;
  return [...offers].sort(
    ({ offer: a }, { offer: b }) =>
      direction * compare(key(a), key(b)) || compare(b.createdAt, a.createdAt) || compare(b.id, a.id),
  );
}

/** One page of an already sorted list, and how many match in all. */
export function selectLiveOffers<T extends { offer: Offer }>(
  sorted: readonly T[],
  filter: Omit<LiveOfferFilter, 'sortBy' | 'sortDir'>,
): { page: T[]; total: number } {
  const now = filter.now.toISOString();
  const matches = pairMatcher(filter.search);
  const inRange = (value: number, [min, max]: readonly [number, number]) => value >= min && value <= max;
  const page: T[] = [];
  let total = 0;
  for (const item of sorted) {
    const offer = item.offer;
    if (!filter.statuses.includes(offer.status) || offer.expiration <= now) continue;
    if (filter.acted.has(offer.id)) continue;
    if (filter.positionTypes && !filter.positionTypes.includes(offer.positionType)) continue;
    if (filter.riskLevels && !filter.riskLevels.includes(offer.riskLevel)) continue;
    if (!inRange(offer.successRate, filter.success) || !inRange(offer.heatScore, filter.heat)) continue;
    if (!matches(offer.pair)) continue;
    if (total >= filter.offset && page.length < filter.limit) page.push(item);
    total += 1;
  }
  return { page, total };
}
