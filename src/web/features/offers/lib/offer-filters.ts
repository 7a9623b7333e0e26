import type { SortDirection } from '../../../../contract/common';
import {
  POSITION_TYPES,
  type ListedOfferStatus,
  type PositionType,
  type PreferenceRiskLevel,
  type RiskLevel,
} from '../../../../contract/enums';
import type { OfferSort } from '../../../../contract/offers';

/*
 * The offers screen's filters panel (trader spec 2.7, 4, 5) as plain data, and its rules: ranges
 * stay 0-100 with min never above max, and 'Use Preferences' overrides position types, risk levels
 * and the success-rate range. An empty multi-select means "no filter" (the server reads a blank
 * list so); an empty status selection therefore lists both open and hot.
 */

export const FILTER_POSITION_TYPES: readonly PositionType[] = POSITION_TYPES;
export const FILTER_RISK_LEVELS: readonly RiskLevel[] = ['low', 'medium', 'high'];
export const FILTER_STATUSES: readonly ListedOfferStatus[] = ['open', 'hot'];
export const SORT_KEYS: readonly OfferSort[] = ['heatScore', 'successRate', 'createdAt'];
export const SORT_DIRECTIONS: readonly SortDirection[] = ['desc', 'asc'];

/** Trader spec 9: filter ranges 0-100, step 1. */
export const RANGE_LOWEST = 0;
export const RANGE_HIGHEST = 100;

export interface ScoreRange {
  min: number;
  max: number;
}

export interface OfferFilters {
  search: string;
  positionTypes: PositionType[];
  riskLevels: RiskLevel[];
  statuses: ListedOfferStatus[];
  successRate: ScoreRange;
  heatScore: ScoreRange;
  sortBy: OfferSort;
  sortDir: SortDirection;
  usePrefs: boolean;
}

export const FULL_RANGE: ScoreRange = { min: RANGE_LOWEST, max: RANGE_HIGHEST };

/** The server's own defaults: both listed statuses, newest first. */
export const DEFAULT_OFFER_FILTERS: OfferFilters = {
  search: '',
  positionTypes: [],
  riskLevels: [],
  statuses: [...FILTER_STATUSES],
  successRate: FULL_RANGE,
  heatScore: FULL_RANGE,
  sortBy: 'createdAt',
  sortDir: 'desc',
  usePrefs: false,
};

/** A whole number 0-100 typed in a range input (step 1), else null. */
export function readBound(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= RANGE_HIGHEST ? value : null;
}

/** Trader spec 5: an invalid min falls back to the lowest value... */
export const parseMinBound = (text: string) => readBound(text) ?? RANGE_LOWEST;
/** ...and an invalid max to the highest. */
export const parseMaxBound = (text: string) => readBound(text) ?? RANGE_HIGHEST;

/** A new min; a max below it is raised to equal it (trader spec 4). */
export function withMin(range: ScoreRange, min: number): ScoreRange {
  return { min, max: Math.max(range.max, min) };
}

/** A new max; one below the min is raised to equal the min. */
export function withMax(range: ScoreRange, max: number): ScoreRange {
  return { min: range.min, max: Math.max(max, range.min) };
}

/** The subset of the trader's preferences the offers screen reads (trader spec 3). */
export interface OfferPreferences {
  preferredPositionTypes: readonly PositionType[];
  preferredRiskLevels: readonly PreferenceRiskLevel[];
  minSuccessRate: number;
}

/**
 * Preferences use a five-step risk scale, offers a three-step one: a preferred very low risk is
 * the lowest an offer carries (low), a preferred very high the highest (high).
 */
const OFFER_RISK_OF: Record<PreferenceRiskLevel, RiskLevel> = {
  very_low: 'low',
  low: 'low',
  medium: 'medium',
  high: 'high',
  very_high: 'high',
};

/** 'Use Preferences': position types, risk levels and min success rate from the preferences, max 100. */
export function applyPreferences(filters: OfferFilters, preferences: OfferPreferences): OfferFilters {
  const risks = new Set(preferences.preferredRiskLevels.map((level) => OFFER_RISK_OF[level]));
  const types = new Set(preferences.preferredPositionTypes);
  const min = Math.min(Math.max(preferences.minSuccessRate, RANGE_LOWEST), RANGE_HIGHEST);
  return {
    ...filters,
    positionTypes: FILTER_POSITION_TYPES.filter((type) => types.has(type)),
    riskLevels: FILTER_RISK_LEVELS.filter((level) => risks.has(level)),
    successRate: { min, max: RANGE_HIGHEST },
  };
}

/**
 * The filters the list is asked for: the panel's own, or with the preferences laid over them when
 * 'Use Preferences' is ticked (unticking it brings the panel's own choices back).
 */
export function effectiveFilters(filters: OfferFilters, preferences: OfferPreferences | undefined) {
  return filters.usePrefs && preferences ? applyPreferences(filters, preferences) : filters;
}
