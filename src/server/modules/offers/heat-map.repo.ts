import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { actionLogs, analyses, cryptoPairs, offers, triggers } from '../../db/schema';
import { ACTIVE_TRIGGER_WINDOW_MS } from '../analysis/analysis-record';

export const RECENT_ERROR_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Newest errors kept per pair; the screens show a count and the latest few. */
const ERRORS_PER_PAIR = 5;

/** Everything one pair's heat-map entry is built from. */
export interface HeatInputs {
  pair: string;
  analysis: {
    id: string;
    completedAt: Date;
    density: number | null;
    figures: unknown;
  } | null;
  offers: { status: 'open' | 'hot'; expiresAt: Date }[];
  triggers: { type: string; firedAt: Date }[];
  errors: { error: string; at: Date }[];
}

/**
 * Reads the heat-map inputs of the active pairs (all, or just `symbols`) in five set-based
 * queries, whatever the number of pairs. Pairs that are unknown or inactive are absent.
 */
export async function loadHeatInputs(
  db: Database,
  options: { symbols?: string[]; now?: Date } = {},
): Promise<Map<string, HeatInputs>> {
  const now = options.now ?? new Date();
  const pairs = await db
    .select({ id: cryptoPairs.id, symbol: cryptoPairs.symbol })
    .from(cryptoPairs)
    .where(
      and(
        eq(cryptoPairs.active, true),
        options.symbols ? inArray(cryptoPairs.symbol, options.symbols) : undefined,
      ),
    );
  const result = new Map<string, HeatInputs>();
  if (pairs.length === 0) return result;
  const symbolOf = new Map(pairs.map((p) => [p.id, p.symbol]));
  const ids = pairs.map((p) => p.id);
  const symbols = pairs.map((p) => p.symbol);
  for (const symbol of symbols)
    result.set(symbol, { pair: symbol, analysis: null, offers: [], triggers: [], errors: [] });
  const at = (pairId: number) => result.get(symbolOf.get(pairId) ?? '');

  const [latest, live, fired, failures] = await Promise.all([
    db
      .selectDistinctOn([analyses.pairId], {
        pairId: analyses.pairId,
        id: analyses.id,
        completedAt: analyses.completedAt,
        density: analyses.density,
        figures: analyses.figures,
      })
      .from(analyses)
      .where(and(eq(analyses.status, 'completed'), inArray(analyses.pairId, ids)))
      .orderBy(analyses.pairId, desc(analyses.completedAt)),
    db
      .select({ pairId: offers.pairId, status: offers.status, expiresAt: offers.expiresAt })
      .from(offers)
      .where(and(inArray(offers.status, ['open', 'hot']), inArray(offers.pairId, ids))),
    db
      .select({ symbol: triggers.symbol, type: triggers.type, lastFiredAt: triggers.lastFiredAt })
      .from(triggers)
      .where(
        and(
          eq(triggers.active, true),
          inArray(triggers.symbol, symbols),
          gt(triggers.lastFiredAt, new Date(now.getTime() - ACTIVE_TRIGGER_WINDOW_MS)),
        ),
      ),
    recentErrors(db, symbols, new Date(now.getTime() - RECENT_ERROR_WINDOW_MS)),
  ]);

  for (const row of latest) {
    const inputs = at(row.pairId);
    if (inputs && row.completedAt)
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
  for (const row of fired) {
    if (row.lastFiredAt) result.get(row.symbol)?.triggers.push({ type: row.type, firedAt: row.lastFiredAt });
  }
  for (const row of failures) {
    if (row.pair)
      result.get(row.pair)?.errors.push({ error: errorText(row.details, row.action), at: row.at });
  }
  return result;
}

async function recentErrors(db: Database, symbols: string[], since: Date) {
  const ranked = db
    .select({
      pair: actionLogs.pair,
      action: actionLogs.action,
      details: actionLogs.details,
      at: actionLogs.timestamp,
      rank: sql<number>`row_number() over (partition by ${actionLogs.pair} order by ${actionLogs.timestamp} desc)`.as(
        'rank',
      ),
    })
    .from(actionLogs)
    .where(
      and(eq(actionLogs.status, 'error'), inArray(actionLogs.pair, symbols), gt(actionLogs.timestamp, since)),
    )
    .as('ranked');
  return db
    .select({ pair: ranked.pair, action: ranked.action, details: ranked.details, at: ranked.at })
    .from(ranked)
    .where(lte(ranked.rank, ERRORS_PER_PAIR))
    .orderBy(desc(ranked.at));
}

/** Workers log `{ error }` (or `{ message }`) in details; fall back to naming the failed action. */
function errorText(details: Record<string, unknown> | null, action: string): string {
  for (const key of ['error', 'message'] as const) {
    const value = details?.[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return `${action} failed`;
}
