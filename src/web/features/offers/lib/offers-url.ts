import {
  DEFAULT_OFFER_FILTERS,
  FILTER_POSITION_TYPES,
  FILTER_RISK_LEVELS,
  FILTER_STATUSES,
  SORT_DIRECTIONS,
  SORT_KEYS,
  parseMaxBound,
  parseMinBound,
  withMax,
  type OfferFilters,
  type ScoreRange,
} from './offer-filters';
import { parseOfferTab, type OfferTab } from './offer-tabs';

/*
 * The screen's state in the address bar (trader spec 2.7), so a reload or a shared link shows the
 * same view. Anything unreadable falls back to its default; lists keep only known values, in a
 * fixed order, so one view has one address. An empty multi-select is written only for status
 * (`status=`), whose default is not empty.
 */

export interface OffersView {
  tab: OfferTab;
  filters: OfferFilters;
}

export const DEFAULT_OFFERS_VIEW: OffersView = { tab: 'hot', filters: DEFAULT_OFFER_FILTERS };

/** Search text longer than the server accepts is cut there. */
export const SEARCH_MAX_LENGTH = 100;

function parseList<T extends string>(raw: string | null, allowed: readonly T[], fallback: readonly T[]): T[] {
  if (raw === null) return [...fallback];
  const items = new Set(
    raw
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );
  const known = allowed.filter((value) => items.has(value));
  return items.size > 0 && known.length === 0 ? [...fallback] : known;
}

function parseOne<T extends string>(raw: string | null, allowed: readonly T[], fallback: T): T {
  return allowed.find((value) => value === raw) ?? fallback;
}

function parseRange(params: URLSearchParams, name: string): ScoreRange {
  const min = parseMinBound(params.get(`min${name}`) ?? '');
  return withMax({ min, max: min }, parseMaxBound(params.get(`max${name}`) ?? ''));
}

export function parseOffersView(params: URLSearchParams): OffersView {
  const defaults = DEFAULT_OFFER_FILTERS;
  return {
    tab: parseOfferTab(params.get('tab')),
    filters: {
      search: (params.get('search') ?? '').slice(0, SEARCH_MAX_LENGTH),
      positionTypes: parseList(params.get('positionType'), FILTER_POSITION_TYPES, defaults.positionTypes),
      riskLevels: parseList(params.get('riskLevel'), FILTER_RISK_LEVELS, defaults.riskLevels),
      statuses: parseList(params.get('status'), FILTER_STATUSES, defaults.statuses),
      successRate: parseRange(params, 'SuccessRate'),
      heatScore: parseRange(params, 'HeatScore'),
      sortBy: parseOne(params.get('sortBy'), SORT_KEYS, defaults.sortBy),
      sortDir: parseOne(params.get('sortDir'), SORT_DIRECTIONS, defaults.sortDir),
      usePrefs: params.get('usePrefs') === 'true',
    },
  };
}

/** The address-bar query for a view, in the spec's order. */
export function serializeOffersView({ tab, filters }: OffersView): URLSearchParams {
  const params = new URLSearchParams({ tab });
  if (filters.search !== '') params.set('search', filters.search);
  if (filters.positionTypes.length > 0) params.set('positionType', filters.positionTypes.join(','));
  if (filters.riskLevels.length > 0) params.set('riskLevel', filters.riskLevels.join(','));
  params.set('minSuccessRate', String(filters.successRate.min));
  params.set('maxSuccessRate', String(filters.successRate.max));
  params.set('minHeatScore', String(filters.heatScore.min));
  params.set('maxHeatScore', String(filters.heatScore.max));
  params.set('status', filters.statuses.join(','));
  params.set('sortBy', filters.sortBy);
  params.set('sortDir', filters.sortDir);
  params.set('usePrefs', String(filters.usePrefs));
  return params;
}
