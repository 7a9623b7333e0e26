import { sql } from 'drizzle-orm';
import { bigserial, check, doublePrecision, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { timestamptz } from './columns';

/** One asset of a run: what the exchange holds, what the books say it should, and the gap. */
export interface ReconciledAsset {
  asset: string;
  exchange: number;
  expected: number;
  drift: number;
  /** The drift in dollars at the pair's last price (null when no price is known). */
  driftUsd: number | null;
}

/** Holdings per exchange asset name (e.g. XXBT, ZUSD). */
export type AssetAmounts = Record<string, number>;

/**
 * Every reconciliation of the live exchange account against the books, kept. A run reads the
 * exchange's balances and what the trades imply (entries bought, exits sold, fees); the expected
 * holding of each asset is the baseline's exchange holding plus what the trades moved since the
 * baseline. The first run is the baseline; a drift beyond the tolerance pauses live accepts until
 * an admin acknowledges it, and that run becomes the new baseline.
 */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ranAt: timestamptz('ran_at').notNull().defaultNow(),
    /** `schedule` (the worker) or `admin` (on demand). */
    trigger: text('trigger').notNull(),
    /**
     * `baseline`, `balanced`, `drift`, `error` (the exchange could not be read) or `deferred`
     * (orders in flight or being looked up: the books cannot be judged until they resolve).
     */
    status: text('status').notNull(),
    exchange: jsonb('exchange').$type<AssetAmounts>().notNull().default({}),
    implied: jsonb('implied').$type<AssetAmounts>().notNull().default({}),
    assets: jsonb('assets').$type<ReconciledAsset[]>().notNull().default([]),
    toleranceUsd: doublePrecision('tolerance_usd').notNull(),
    error: text('error'),
    acknowledgedAt: timestamptz('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by').references(() => user.id, { onDelete: 'set null' }),
    acknowledgeNote: text('acknowledge_note'),
  },
  (t) => [
    index('reconciliation_runs_ran_at_idx').on(t.ranAt.desc()),
    check(
      'reconciliation_runs_status_check',
      sql`${t.status} in ('baseline', 'balanced', 'drift', 'error', 'deferred')`,
    ),
    check('reconciliation_runs_trigger_check', sql`${t.trigger} in ('schedule', 'admin')`),
  ],
);
