/**
 * Filtering and sorting the in-memory heat map. Pure: the same entries, filter and instant always
 * give the same list. Trader and admin queries both turn into one HeatMapFilter.
 */
import type { AdminHeatMapQuery } from '../../../contract/admin-heatmap';
import type { TimeRange } from '../../../contract/common';
import type { Bias, PositionType, RiskLevel, Trend } from '../../../contract/enums';
import type { HeatMapQuery, HeatMapSort } from '../../../contract/heatmap';
import { badRequest } from '../../http/errors';
import type { CurrentEntry } from './heat-map.entry';
import { pairMatcher } from '../../../contract/pair-search';

const DAY = 24 * 60 * 60 * 1000;
const RANGE_MS: Record<TimeRange, number | null> = {
  '7d': 7 * DAY,
  '30d': 30 * DAY,
  '90d': 90 * DAY,
  all: null,
};

type Range = readonly [min: number, max: number];

export interface HeatMapFilter {
  timeRange: TimeRange;
  heat?: Range;
  success?: Range;
  progrev?: Range;
  positionTypes?: ReadonlySet<PositionType>;
  bias?: Bias;
  trend?: Trend;
  risk?: RiskLevel;
  activeTriggersOnly: boolean;
  search?: string;
  sort: HeatMapSort;
  limit?: number;
}

function range(
  name: string,
  min: number | undefined,
  max: number | undefined,
  full: Range,
): Range | undefined {
  if (min === undefined && max === undefined) return undefined;
  const bounds = [min ?? full[0], max ?? full[1]] as const;
  if (bounds[0] > bounds[1]) throw badRequest(`min${name} must not be greater than max${name}`);
  return bounds;
}

export function traderHeatMapFilter(query: HeatMapQuery): HeatMapFilter {
  const types = query.positionType;
  return {
    timeRange: query.timeRange,
    heat: range('Heat', query.minHeat, query.maxHeat, [0, 100]),
    success: range('Success', query.minSuccess, query.maxSuccess, [0, 100]),
    progrev: range('Progrev', query.minProgrev, query.maxProgrev, [0, 1]),
    // An empty list or one holding 'all' means every position type.
    positionTypes:
      types && types.length > 0 && !types.includes('all')
        ? new Set(types.filter((t): t is PositionType => t !== 'all'))
        : undefined,
    trend: query.trend,
    risk: query.riskLevel,
    activeTriggersOnly: query.filter === 'active_triggers',
    search: query.search || undefined,
    sort: query.sortBy,
    limit: query.limit,
  };
}

export function adminHeatMapFilter(query: AdminHeatMapQuery): HeatMapFilter {
  return {
    timeRange: query.timeRange,
    heat: range('Heat', query.minHeat, undefined, [0, 100]),
    bias: query.bias,
    trend: query.trend,
    risk: query.riskLevel,
    activeTriggersOnly: query.filter === 'active_triggers',
    search: query.search || undefined,
    sort: query.sort,
  };
}

/** The direction part of a position type (Offer Analytics' bias filter). */
export function biasOf(positionType: PositionType): Bias {
  if (/long|bullish/.test(positionType)) return 'long';
  if (/short|bearish/.test(positionType)) return 'short';
  return 'balanced';
}

/** 'btc-usd', 'BTC/USD' and 'btcusd' all find BTC/USD; 'usd' finds every USD pair. */

const within = (value: number, bounds: Range | undefined) =>
  !bounds || (value >= bounds[0] && value <= bounds[1]);

const COMPARE: Record<HeatMapSort, (a: CurrentEntry, b: CurrentEntry) => number> = {
  heat_desc: (a, b) => b.entry.heatScore - a.entry.heatScore,
  progrev_desc: (a, b) => b.entry.progrevScore - a.entry.progrevScore,
  updated_desc: (a, b) => b.record.updatedAt - a.record.updatedAt,
};

export function selectHeatMap(
  entries: Iterable<CurrentEntry>,
  filter: HeatMapFilter,
  now: number,
): CurrentEntry[] {
  const span = RANGE_MS[filter.timeRange];
  const since = span === null ? -Infinity : now - span;
  const matches = pairMatcher(filter.search);
  const picked: CurrentEntry[] = [];
  for (const current of entries) {
    const { entry, record } = current;
    if (record.updatedAt < since) continue;
    if (!within(entry.heatScore, filter.heat)) continue;
    if (!within(entry.successRate, filter.success)) continue;
    if (!within(entry.progrevScore, filter.progrev)) continue;
    if (filter.positionTypes && !filter.positionTypes.has(entry.positionType)) continue;
    if (filter.bias && biasOf(entry.positionType) !== filter.bias) continue;
    if (filter.trend && entry.refereeTrend !== filter.trend) continue;
    if (filter.risk && entry.refereeRisk !== filter.risk) continue;
    if (filter.activeTriggersOnly && entry.activeTriggers.length === 0) continue;
    if (!matches(entry.pair)) continue;
    picked.push(current);
  }
  const compare = COMPARE[filter.sort];
  picked.sort((a, b) => compare(a, b) || a.entry.pair.localeCompare(b.entry.pair));
  return filter.limit === undefined ? picked : picked.slice(0, filter.limit);
}

/**
 * `{ "BTC/USD": {...}, ... }` in the selected order, from each entry's pre-validated JSON; only the
 * admin form carries error text, and `lean` the public form without histories.
 */
export function heatMapJson(
  selected: CurrentEntry[],
  audience: 'public' | 'lean' | 'admin' = 'public',
): string {
  const body = (c: CurrentEntry) =>
    audience === 'admin' ? c.adminJson : audience === 'lean' ? c.leanJson : c.json;
  return `{${selected.map((c) => `${JSON.stringify(c.entry.pair)}:${body(c)}`).join(',')}}`;
}
