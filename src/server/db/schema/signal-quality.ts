import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Walk-forward backtests of the engine on the stored candles of the active pairs (the Signal
 * Quality screen's calibration table). Computed by the worker, read by any api process.
 */
export const signalQualityReports = pgTable(
  'signal_quality_reports',
  {
    id: serial('id').primaryKey(),
    computedAt: timestamptz('computed_at').notNull().defaultNow(),
    engineVersion: text('engine_version').notNull(),
    pairs: integer('pairs').notNull(),
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('signal_quality_reports_computed_at_idx').on(t.computedAt.desc())],
);
