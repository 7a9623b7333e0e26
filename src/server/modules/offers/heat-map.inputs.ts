/**
 * Everything one pair's heat-map entry is built from, gathered from the modules that own it: pairs
 * (market), latest completed analyses (analysis), live offers (here), active triggers (triggers)
 * and logged errors (logs). A handful of set-based calls, whatever the number of pairs.
 */
import type { ReadFigures } from '../analysis/analysis.service';
import type { PairError } from '../logs/logs.service';

export const RECENT_ERROR_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Newest errors kept per pair; the screens show a count and the latest few. */
const ERRORS_PER_PAIR = 5;

export interface HeatInputs {
  pair: string;
  analysis: {
    id: string;
    completedAt: Date;
    density: number | null;
    /** Checked by the analysis module; null when the stored figures are unreadable. */
    figures: ReadFigures | null;
  } | null;
  offers: { status: 'open' | 'hot'; expiresAt: Date }[];
  /** Active triggers and until when each stays active (the triggers module decides). */
  triggers: { type: string; activeUntil: Date }[];
  errors: { error: string; at: Date }[];
}

export interface HeatSources {
  activePairs(symbols?: string[]): Promise<{ id: number; symbol: string }[]>;
  latestAnalyses(
    pairIds: number[],
  ): Promise<
    { pairId: number; id: string; completedAt: Date; density: number | null; figures: ReadFigures | null }[]
  >;
  liveOffers(pairIds: number[], at: Date): Promise<{ pairId: number; status: string; expiresAt: Date }[]>;
  activeTriggers(symbols: string[]): Promise<{ symbol: string; type: string; activeUntil: Date }[]>;
  recentErrors(symbols: string[], since: Date, perPair: number): Promise<PairError[]>;
}

/** The inputs of the active pairs (all, or just `symbols`); unknown or inactive pairs are absent. */
export async function loadHeatInputs(
  sources: HeatSources,
  options: { symbols?: string[]; now?: Date } = {},
): Promise<Map<string, HeatInputs>> {
  const now = options.now ?? new Date();
  const pairs = await sources.activePairs(options.symbols);
  const result = new Map<string, HeatInputs>();
  if (pairs.length === 0) return result;
  const symbolOf = new Map(pairs.map((p) => [p.id, p.symbol]));
  const ids = pairs.map((p) => p.id);
  const symbols = pairs.map((p) => p.symbol);
  for (const symbol of symbols)
    result.set(symbol, { pair: symbol, analysis: null, offers: [], triggers: [], errors: [] });
  const at = (pairId: number) => result.get(symbolOf.get(pairId) ?? '');

  const [latest, live, active, failures] = await Promise.all([
    sources.latestAnalyses(ids),
    sources.liveOffers(ids, now),
    sources.activeTriggers(symbols),
    sources.recentErrors(symbols, new Date(now.getTime() - RECENT_ERROR_WINDOW_MS), ERRORS_PER_PAIR),
  ]);
  for (const row of latest) {
    const inputs = at(row.pairId);
    if (inputs)
      inputs.analysis = {
        id: row.id,
        completedAt: row.completedAt,
        density: row.density,
        figures: row.figures,
      };
  }
  for (const row of live) {
    if (row.status === 'open' || row.status === 'hot')
      at(row.pairId)?.offers.push({ status: row.status, expiresAt: row.expiresAt });
  }
  for (const row of active)
    result.get(row.symbol)?.triggers.push({ type: row.type, activeUntil: row.activeUntil });
  for (const row of failures) result.get(row.pair)?.errors.push({ error: row.error, at: row.at });
  return result;
}
