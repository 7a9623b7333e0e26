import type { Offer } from '../../../../contract/offers';
import { pairMatcher } from '../../../../contract/pair-search';
import { FILTER_STATUSES, type OfferFilters } from './offer-filters';

/** GET /api/offers' query for the filters, less offset and limit (trader spec 7, in its order). */
export function offersListQuery(filters: OfferFilters) {
  return {
    search: filters.search.trim() || undefined,
    positionType: filters.positionTypes,
    riskLevel: filters.riskLevels,
    minSuccessRate: filters.successRate.min,
    maxSuccessRate: filters.successRate.max,
    minHeatScore: filters.heatScore.min,
    maxHeatScore: filters.heatScore.max,
    status: filters.statuses,
    sortBy: filters.sortBy,
    sortDir: filters.sortDir,
    include: ['volume', 'leverage'],
  };
}

export type OffersListQuery = ReturnType<typeof offersListQuery>;

/**
 * Whether the list, as filtered, would hold this offer: a live offer that does not match stays off
 * the screen, and one that stops matching (its status or scores moved) leaves it.
 */
export function matchesFilters(offer: Offer, filters: OfferFilters): boolean {
  const statuses: readonly string[] = filters.statuses.length > 0 ? filters.statuses : FILTER_STATUSES;
  const inRange = (value: number, { min, max }: OfferFilters['heatScore']) => value >= min && value <= max;
  return (
    statuses.includes(offer.status) &&
    (filters.positionTypes.length === 0 || filters.positionTypes.includes(offer.positionType)) &&
    (filters.riskLevels.length === 0 || filters.riskLevels.includes(offer.riskLevel)) &&
    inRange(offer.successRate, filters.successRate) &&
    inRange(offer.heatScore, filters.heatScore) &&
    pairMatcher(filters.search)(offer.pair)
  );
}
