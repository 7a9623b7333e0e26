import { POSITION_TYPES, type PositionType } from '../../../../contract/enums';
import type { HeatMap, HeatMapEntryUpdate, HeatMapUpdate } from '../../../../contract/heatmap';
import { mergeHeatMapUpdate } from '../../../../contract/heatmap-merge';
import type { HeatmapFilters } from './heatmap-filters';
import { selectEntries } from './select-entries';

/** A live change as it may arrive: its position type is checked here, not trusted. */
export type LiveChange = Omit<HeatMapEntryUpdate, 'positionType'> & { positionType?: string };

const isPositionType = (value: string | undefined): value is PositionType =>
  (POSITION_TYPES as readonly string[]).includes(value ?? '');

/**
 * Trader spec 3: a live entry gets defaults for what it does not say: an invalid position type
 * becomes balanced, trend neutral, risk medium, comment 'No recent analysis', status open, empty
 * lists, summary 'None'. Scores, prices and times are never filled in: a new pair whose change
 * lacks them stays off the map until a whole entry comes.
 */
export function withLiveDefaults(pair: string, change: LiveChange): HeatMapEntryUpdate {
  return {
    ...change,
    pair,
    positionType: isPositionType(change.positionType) ? change.positionType : 'balanced',
    refereeTrend: change.refereeTrend ?? 'neutral',
    refereeRisk: change.refereeRisk ?? 'medium',
    refereeComment: change.refereeComment ?? 'No recent analysis',
    status: change.status ?? 'open',
    activeTriggers: change.activeTriggers ?? [],
    selectedAnalyses: change.selectedAnalyses ?? [],
    aiComments: change.aiComments ?? { summary: 'None' },
  };
}

/**
 * heatmap_update merged over the screen's map (contract heatmap-merge.ts): pairs already shown take
 * the changed fields, new pairs come with the defaults above; the result keeps to the screen's
 * filters and order.
 */
export function applyLiveUpdate(current: HeatMap, update: HeatMapUpdate, filters: HeatmapFilters): HeatMap {
  const changes: Record<string, HeatMapEntryUpdate> = {};
  for (const [pair, change] of Object.entries(update))
    changes[pair] = current[pair] ? change : withLiveDefaults(pair, change);
  return selectEntries(mergeHeatMapUpdate(current, changes), filters);
}
