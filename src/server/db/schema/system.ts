import { pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * One row per scheduled task (pair sync, market refresh, analyses, offer upkeep, trade monitor,
 * retention) when several processes share PostgreSQL: a worker runs a task only while it holds
 * the row's lease, and only once it is due, so each run happens once across the cluster. A holder
 * that dies stops renewing; its lease lapses and another worker takes the run over. Every instant
 * is the database's clock, so the workers' own clocks never have to agree.
 */
export const scheduleLeases = pgTable('schedule_leases', {
  task: text('task').primaryKey(),
  nextRunAt: timestamptz('next_run_at').notNull().defaultNow(),
  holder: text('holder'),
  heldUntil: timestamptz('held_until'),
  lastStartedAt: timestamptz('last_started_at'),
  lastFinishedAt: timestamptz('last_finished_at'),
  /** The last run's failure, cleared by a successful run (System Health shows it). */
  lastError: text('last_error'),
});
