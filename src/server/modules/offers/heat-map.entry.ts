/**
 * One pair's heat-map entry, built from its latest completed analysis (`analyses.figures`, see
 * StoredAnalysisFigures) plus its live offers, fired triggers and logged errors. The parts that
 * age (offer expiry, the active-trigger window, the 24 h error window) are kept with their times
 * and applied when the entry is read, so a cached entry never shows a lapsed trigger or offer.
 */
import { adminHeatMapEntrySchema, type HeatMapEntry } from '../../../contract/heatmap';
import { toChartSteps } from './heat-map.chart';
import { RECENT_ERROR_WINDOW_MS, type HeatInputs } from './heat-map.inputs';

export type HeatBase = Omit<HeatMapEntry, 'status' | 'activeTriggers'>;

export interface HeatRecord {
  pair: string;
  base: HeatBase;
  /** lastUpdated in epoch ms (time-range filter, updated_desc sort). */
  updatedAt: number;
  offers: { status: 'open' | 'hot'; expiresAt: number }[];
  /** Until when each trigger counts as active (epoch ms), latest first. */
  triggers: { type: string; activeUntil: number }[];
  errors: { error: string; at: number }[];
}

/**
 * An entry as of some instant, with its JSON (validated by the contract) and how long both hold.
 * `entry` and `json` are public and carry no error text (raw fetch and worker errors must not reach
 * anonymous callers or sockets); `leanJson` is `json` with empty histories (`histories=none`);
 * `adminJson` adds the recent errors for the admin heat map.
 */
export interface CurrentEntry {
  record: HeatRecord;
  entry: HeatMapEntry;
  json: string;
  leanJson: string;
  adminJson: string;
  validUntil: number;
}

/** Null when the pair has no usable completed analysis (it is then not on the heat map). */
export function toHeatRecord(inputs: HeatInputs): HeatRecord | null {
  const analysis = inputs.analysis;
  if (!analysis) return null;
  const parsed = analysis.figures;
  if (!parsed) return null;
  const { analysis: figures, tickerData, aiSummary } = parsed;
  return {
    pair: inputs.pair,
    base: {
      pair: inputs.pair,
      heatScore: figures.heatScore,
      successRate: figures.successRate,
      progrevScore: figures.progrevScore,
      positionType: figures.signal.positionType,
      refereeTrend: figures.trend,
      refereeRisk: figures.risk,
      refereeComment: figures.comment?.trim() || 'No recent analysis',
      density: analysis.density ?? figures.density ?? 0,
      tickerData: {
        price_7d: tickerData.price_7d,
        change_7d: tickerData.change_7d,
        volume_7d: tickerData.volume_7d,
        volatility_7d: tickerData.volatility_7d,
        price_history: toChartSteps(tickerData.price_history, 'last'),
        volume_history: toChartSteps(tickerData.volume_history, 'sum'),
      },
      aiComments: { summary: aiSummary?.trim() || 'None' },
      selectedAnalyses: [{ analysisId: analysis.id }],
      lastUpdated: analysis.completedAt.toISOString(),
    },
    updatedAt: analysis.completedAt.getTime(),
    offers: inputs.offers.map((o) => ({ status: o.status, expiresAt: o.expiresAt.getTime() })),
    triggers: inputs.triggers
      .map((t) => ({ type: t.type, activeUntil: t.activeUntil.getTime() }))
      .sort((a, b) => b.activeUntil - a.activeUntil),
    errors: inputs.errors.map((e) => ({ error: e.error, at: e.at.getTime() })).sort((a, b) => b.at - a.at),
  };
}

/** The entry as of `now`; throws if it breaks the contract (the caller drops the pair). */
export function materialize(record: HeatRecord, now: number): CurrentEntry {
  let validUntil = Infinity;
  const until = (t: number) => {
    validUntil = Math.min(validUntil, t);
  };

  const live = record.offers.filter((o) => o.expiresAt > now);
  live.forEach((o) => until(o.expiresAt));
  const status = live.some((o) => o.status === 'hot') ? 'hot' : live.length > 0 ? 'open' : 'idle';

  const activeTriggers: string[] = [];
  for (const trigger of record.triggers) {
    const lapses = trigger.activeUntil;
    if (lapses <= now) continue;
    until(lapses);
    if (!activeTriggers.includes(trigger.type)) activeTriggers.push(trigger.type);
  }

  const recentErrors = record.errors
    .filter((e) => e.at + RECENT_ERROR_WINDOW_MS > now)
    .map((e) => {
      until(e.at + RECENT_ERROR_WINDOW_MS);
      return { error: e.error, at: new Date(e.at).toISOString() };
    });

  const { recentErrors: errors, ...entry } = adminHeatMapEntrySchema.parse({
    ...record.base,
    status,
    activeTriggers,
    recentErrors,
  });
  const json = JSON.stringify(entry);
  const leanJson = JSON.stringify({
    ...entry,
    tickerData: { ...entry.tickerData, price_history: [], volume_history: [] },
  });
  const adminJson = `${json.slice(0, -1)},"recentErrors":${JSON.stringify(errors)}}`;
  return { record, entry, json, leanJson, adminJson, validUntil };
}
