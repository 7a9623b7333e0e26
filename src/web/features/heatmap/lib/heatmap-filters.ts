import type { TimeRange } from '../../../../contract/common';
import {
  POSITION_TYPES,
  riskLevelSchema,
  trendSchema,
  type PositionType,
  type RiskLevel,
  type Trend,
} from '../../../../contract/enums';
import { heatMapSortSchema, type HeatMapSort } from '../../../../contract/heatmap';

/*
 * The heat map screen's filters (trader spec 2.8, 5, 9) and the query they send. Select values are
 * kept as the strings the controls hold: only allowed values ever reach the query.
 */

export type RangeBounds = readonly [min: number, max: number];

/** Trader spec 9 "Filter ranges": 0-100 step 1, progrev 0-1 step 0.01. */
export const RANGES = {
  heat: { bounds: [0, 100], step: 1 },
  success: { bounds: [0, 100], step: 1 },
  progrev: { bounds: [0, 1], step: 0.01 },
} as const satisfies Record<string, { bounds: RangeBounds; step: number }>;
export type RangeName = keyof typeof RANGES;

export interface HeatmapFilters {
  timeRange: TimeRange;
  /** Already debounced and trimmed. */
  search: string;
  /** 'all' or one of the 14 position types. */
  positionType: string;
  /** '' = any trend. */
  trend: string;
  /** '' = any risk. */
  riskLevel: string;
  sortBy: HeatMapSort;
  activeTriggersOnly: boolean;
  heat: RangeBounds;
  success: RangeBounds;
  progrev: RangeBounds;
}

export const DEFAULT_FILTERS: HeatmapFilters = {
  timeRange: '30d',
  search: '',
  positionType: 'all',
  trend: '',
  riskLevel: '',
  sortBy: 'heat_desc',
  activeTriggersOnly: false,
  heat: RANGES.heat.bounds,
  success: RANGES.success.bounds,
  progrev: RANGES.progrev.bounds,
};

export const POSITION_TYPE_FILTERS = ['all', ...POSITION_TYPES] as const;

/** What GET /api/offers/heat-map is sent from this screen (contract heatMapQuerySchema). */
export interface HeatmapRequestQuery {
  timeRange: TimeRange;
  minHeat: number;
  maxHeat: number;
  minSuccess: number;
  maxSuccess: number;
  minProgrev: number;
  maxProgrev: number;
  sortBy: HeatMapSort;
  search?: string;
  positionType?: PositionType | 'all';
  trend?: Trend;
  riskLevel?: RiskLevel;
  filter?: 'active_triggers';
}

const allowed = <T extends string>(values: readonly T[], value: string): T | undefined =>
  (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Trader spec 7: the heat map screen's query; positionType, trend and riskLevel only when allowed. */
export function buildHeatMapQuery(filters: HeatmapFilters): HeatmapRequestQuery {
  const search = filters.search.trim();
  const positionType = allowed(POSITION_TYPE_FILTERS, filters.positionType);
  const trend = allowed(trendSchema.options, filters.trend);
  const riskLevel = allowed(riskLevelSchema.options, filters.riskLevel);
  return {
    timeRange: filters.timeRange,
    minHeat: filters.heat[0],
    maxHeat: filters.heat[1],
    minSuccess: filters.success[0],
    maxSuccess: filters.success[1],
    minProgrev: filters.progrev[0],
    maxProgrev: filters.progrev[1],
    sortBy: allowed(heatMapSortSchema.options, filters.sortBy) ?? 'heat_desc',
    ...(search ? { search } : {}),
    ...(positionType ? { positionType } : {}),
    ...(trend ? { trend } : {}),
    ...(riskLevel ? { riskLevel } : {}),
    ...(filters.activeTriggersOnly ? { filter: 'active_triggers' as const } : {}),
  };
}

/** Snaps to the range's step so 0.1 + 0.2 shows as 0.3. */
function toStep(value: number, step: number): number {
  const decimals = step < 1 ? String(step).split('.')[1]!.length : 0;
  return Number((Math.round(value / step) * step).toFixed(decimals));
}

/**
 * Trader spec 4 and 5: a new min or max from its input. An invalid min falls back to the lowest
 * value and an invalid max to the highest; when min then exceeds max, max is raised to equal min.
 */
export function setRangeBound(
  name: RangeName,
  current: RangeBounds,
  side: 'min' | 'max',
  raw: string,
): RangeBounds {
  const { bounds, step } = RANGES[name];
  const parsed = raw.trim() === '' ? Number.NaN : Number(raw);
  const valid = Number.isFinite(parsed) && parsed >= bounds[0] && parsed <= bounds[1];
  const fallback = side === 'min' ? bounds[0] : bounds[1];
  const value = valid ? toStep(parsed, step) : fallback;
  const [min, max] = side === 'min' ? [value, current[1]] : [current[0], value];
  return [min, Math.max(min, max)];
}

/** The search the API accepts (contract searchQuery): one line, at most 100 characters. */
export const SEARCH_MAX_LENGTH = 100;

/** `?pair=` from the landing page as a search: control characters dropped, trimmed, cut to length. */
export function searchFromLink(raw: string | null): string {
  return (
    (raw ?? '')
      // eslint-disable-next-line no-control-regex -- dropping control characters is the point
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, SEARCH_MAX_LENGTH)
  );
}
