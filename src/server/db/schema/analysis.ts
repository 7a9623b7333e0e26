import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';
import { analysisStatuses, inValues, type AnalysisStatus } from './enums';
import { cryptoPairs } from './market';
import { triggers } from './triggers';

/** The computed figures of a run (indicators, backtest stats, score inputs), for the UI. */
export type AnalysisFigures = Record<string, unknown>;

/**
 * One analysis run of a pair: fetch → indicators → backtest → scoring → offer.
 * `user_id` is who asked (null for the scheduler); `trigger_id` what started it, if anything.
 * `data_cutoff` + `engine_version` make a run reproducible: same candles, same engine, same output.
 */
export const analyses = pgTable(
  'analyses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pairId: integer('pair_id')
      .notNull()
      .references(() => cryptoPairs.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    triggerId: uuid('trigger_id').references(() => triggers.id, { onDelete: 'set null' }),
    status: text('status', { enum: analysisStatuses }).$type<AnalysisStatus>().notNull().default('queued'),
    stage: text('stage'),
    /** Percent, 0-100. */
    progress: integer('progress').notNull().default(0),
    progrevScore: doublePrecision('progrev_score'),
    density: doublePrecision('density'),
    heatScore: doublePrecision('heat_score'),
    successRate: doublePrecision('success_rate'),
    figures: jsonb('figures').$type<AnalysisFigures>(),
    error: text('error'),
    dataCutoff: timestamptz('data_cutoff'),
    engineVersion: text('engine_version'),
    createdAt: createdAt(),
    startedAt: timestamptz('started_at'),
    completedAt: timestamptz('completed_at'),
  },
  (t) => [
    index('analyses_pair_id_created_at_idx').on(t.pairId, t.createdAt.desc()),
    index('analyses_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('analyses_created_at_idx').on(t.createdAt.desc()),
    // Heat map and pair details: the latest completed run per pair.
    index('analyses_completed_pair_idx')
      .on(t.pairId, t.completedAt.desc())
      .where(sql`${t.status} = 'completed'`),
    index('analyses_trigger_id_idx').on(t.triggerId),
    // Queue recovery and "is this pair already being analysed?" only look at unfinished runs.
    index('analyses_unfinished_idx')
      .on(t.pairId, t.status)
      .where(inValues(t.status, ['queued', 'running'])),
    check('analyses_status_check', inValues(t.status, analysisStatuses)),
    check('analyses_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

export const analysisSnapshots = pgTable(
  'analysis_snapshots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    analysisId: uuid('analysis_id')
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    status: text('status', { enum: analysisStatuses }).$type<AnalysisStatus>().notNull(),
    stage: text('stage'),
    progress: integer('progress').notNull().default(0),
    snapshotTimestamp: timestamptz('snapshot_timestamp').notNull().defaultNow(),
  },
  (t) => [
    index('analysis_snapshots_analysis_id_idx').on(t.analysisId, t.snapshotTimestamp),
    index('analysis_snapshots_snapshot_timestamp_idx').on(t.snapshotTimestamp.desc()),
    check('analysis_snapshots_status_check', inValues(t.status, analysisStatuses)),
    check('analysis_snapshots_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);
