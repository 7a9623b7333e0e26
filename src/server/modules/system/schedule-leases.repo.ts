import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ScheduleStatus } from '../../../contract/admin-system-health';
import type { Database } from '../../db/client';
import { scheduleLeases } from '../../db/schema';

/** A holder renews its lease this often; a dead holder's lease lapses after LEASE_MS. */
export const LEASE_MS = 15_000;
export const RENEW_EVERY_MS = 5_000;

export type Claim = { claimed: true } | { claimed: false; retryInMs: number };

export interface ScheduleLeases {
  /** This process's name in `holder` (pid and a random part: unique across restarts). */
  readonly holder: string;
  /** How often a holder renews a run in progress. */
  readonly renewEveryMs: number;
  /**
   * Creates the task's row, first due in `firstRunInMs`. An existing row keeps the due time its
   * last run set: a start (a restart, another worker joining) honours a run still within its
   * interval. With `retryFailed` a row whose last run failed is due at once instead.
   */
  register(task: string, firstRunInMs: number, retryFailed: boolean): Promise<void>;
  /** Takes the task's run when it is due and nobody holds it; else says when to ask again. */
  claim(task: string): Promise<Claim>;
  /** Keeps holding a run in progress; false when the lease was lost (it lapsed and was taken). */
  renew(task: string): Promise<boolean>;
  /** Ends a held run: the next one is due `nextRunInMs` after this one started. */
  finish(task: string, nextRunInMs: number, error: string | null): Promise<void>;
  /** Gives a run back unfinished (shutdown): it stays due, so another worker takes it at once. */
  release(task: string): Promise<void>;
  /** Every task's state, by name (System Health). */
  list(): Promise<ScheduleStatus[]>;
}

const ms = (value: number) => sql`(${Math.max(0, Math.round(value))} * interval '1 millisecond')`;

/** The PostgreSQL-backed leases of the schedules shared by every worker process. */
export function createScheduleLeases(
  db: Database,
  options: { holder?: string; leaseMs?: number } = {},
): ScheduleLeases {
  const holder = options.holder ?? `${process.pid}-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const held = eq(scheduleLeases.holder, holder);
  return {
    holder,
    renewEveryMs: Math.max(10, Math.round((leaseMs * RENEW_EVERY_MS) / LEASE_MS)),
    async register(task, firstRunInMs, retryFailed) {
      const { nextRunAt, lastError } = scheduleLeases;
      await db
        .insert(scheduleLeases)
        .values({ task, nextRunAt: sql`now() + ${ms(firstRunInMs)}` })
        .onConflictDoUpdate({
          target: scheduleLeases.task,
          set: {
            nextRunAt: retryFailed
              ? sql`case when ${lastError} is null then ${nextRunAt} else least(${nextRunAt}, now()) end`
              : nextRunAt,
          },
        });
    },
    async claim(task) {
      const taken = await db
        .update(scheduleLeases)
        .set({ holder, heldUntil: sql`now() + ${ms(leaseMs)}`, lastStartedAt: sql`now()` })
        .where(
          and(
            eq(scheduleLeases.task, task),
            sql`${scheduleLeases.nextRunAt} <= now()`,
            sql`(${scheduleLeases.heldUntil} is null or ${scheduleLeases.heldUntil} < now())`,
          ),
        )
        .returning({ task: scheduleLeases.task });
      if (taken.length > 0) return { claimed: true };
      // Not due yet, or someone holds it: ask again when it falls due or the lease could lapse.
      const { rows } = await db.execute<{ wait_ms: number | string | null }>(sql`
        select extract(epoch from (greatest(${scheduleLeases.nextRunAt}, coalesce(${scheduleLeases.heldUntil}, now())) - now())) * 1000 as wait_ms
        from ${scheduleLeases} where ${scheduleLeases.task} = ${task}`);
      return { claimed: false, retryInMs: Math.max(0, Number(rows[0]?.wait_ms ?? leaseMs)) };
    },
    async renew(task) {
      const renewed = await db
        .update(scheduleLeases)
        .set({ heldUntil: sql`now() + ${ms(leaseMs)}` })
        .where(and(eq(scheduleLeases.task, task), held))
        .returning({ task: scheduleLeases.task });
      return renewed.length > 0;
    },
    async finish(task, nextRunInMs, error) {
      await db
        .update(scheduleLeases)
        .set({
          holder: null,
          heldUntil: null,
          nextRunAt: sql`${scheduleLeases.lastStartedAt} + ${ms(nextRunInMs)}`,
          lastFinishedAt: sql`now()`,
          lastError: error,
        })
        .where(and(eq(scheduleLeases.task, task), held));
    },
    async list() {
      const rows = await db
        .select({
          task: scheduleLeases.task,
          running: sql<boolean>`coalesce(${scheduleLeases.heldUntil} > now(), false)`,
          lastStartedAt: scheduleLeases.lastStartedAt,
          lastFinishedAt: scheduleLeases.lastFinishedAt,
          nextRunAt: scheduleLeases.nextRunAt,
          lastError: scheduleLeases.lastError,
        })
        .from(scheduleLeases)
        .orderBy(scheduleLeases.task);
      const iso = (at: Date | null) => (at ? at.toISOString() : null);
      return rows.map((row) => ({
        ...row,
        lastStartedAt: iso(row.lastStartedAt),
        lastFinishedAt: iso(row.lastFinishedAt),
        nextRunAt: row.nextRunAt.toISOString(),
      }));
    },
    async release(task) {
      await db
        .update(scheduleLeases)
        .set({ holder: null, heldUntil: null })
        .where(and(eq(scheduleLeases.task, task), held));
    },
  };
}
