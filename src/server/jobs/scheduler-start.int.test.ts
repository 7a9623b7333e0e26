/**
 * A start-up task (the worker's market sync) under the schedule leases, as a server starting on a
 * data folder meets it: a fresh install runs it at once, and so does a folder whose last run is
 * older than the interval or failed; a folder whose last run is still within its interval (a
 * restart, a copy of the browser tests' template) waits for it to fall due instead of running the
 * whole first sync again. The recorded runs are placed on the database's own clock, which the
 * leases read: fixed offsets from one `now()`, so nothing here waits on time passing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { scheduleLeases } from '../db/schema';
import { createTestDatabase } from '../db/testing';
import { createScheduleLeases, type Claim } from '../modules/system/schedule-leases.repo';
import { HOUR_MS } from '../shared/time';
import { createScheduler } from './scheduler';

const INTERVAL_MS = 6 * HOUR_MS;

describe('a start-up task under the schedule leases', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => handle.close());

  const row = async (task: string) =>
    (await handle.db.select().from(scheduleLeases).where(eq(scheduleLeases.task, task)))[0];

  /** A lease row as a past run left it: started `startedHoursAgo`, next due an interval later. */
  async function recordRun(task: string, startedHoursAgo: number, error: string | null = null) {
    const started = sql`now() - ${startedHoursAgo} * interval '1 hour'`;
    await handle.db.insert(scheduleLeases).values({
      task,
      lastStartedAt: started,
      lastFinishedAt: started,
      nextRunAt: sql`${started} + ${INTERVAL_MS} * interval '1 millisecond'`,
      lastError: error,
    });
  }

  /**
   * Starts a scheduler of the one task on the database and returns once it has decided: the task
   * ran, or the lease told it to wait. Resolves with that first claim and the runs seen.
   */
  async function startOnce(task: string): Promise<{ claim: Claim; runs: number }> {
    const leases = createScheduleLeases(handle.db, { holder: `start-${task}` });
    const claims: Claim[] = [];
    const watched = {
      ...leases,
      async claim(name: string) {
        const claim = await leases.claim(name);
        claims.push(claim);
        return claim;
      },
    };
    let runs = 0;
    const scheduler = createScheduler(
      [{ name: task, every: () => INTERVAL_MS, runAtStart: true, run: async () => void (runs += 1) }],
      () => undefined,
      { leases: watched },
    );
    scheduler.start();
    try {
      await expect.poll(() => claims.length > 0 && (!claims[0]!.claimed || runs > 0)).toBe(true);
      await expect.poll(async () => (await row(task))?.holder ?? null).toBe(null);
    } finally {
      await scheduler.stop();
    }
    return { claim: claims[0]!, runs };
  }

  it('runs on a fresh install, where no run is recorded', async () => {
    const { claim, runs } = await startOnce('fresh-install');
    expect(claim.claimed).toBe(true);
    expect(runs).toBe(1);
    expect((await row('fresh-install'))?.lastFinishedAt).not.toBeNull();
  });

  it('does not run again when the last run is still within its interval, and says when it falls due', async () => {
    await recordRun('recent-run', 1);
    const { claim, runs } = await startOnce('recent-run');
    expect(runs).toBe(0);
    // Due five hours on (started an hour ago, every six hours), give or take the test's own time.
    expect(claim.claimed).toBe(false);
    const retryInMs = claim.claimed ? 0 : claim.retryInMs;
    expect(retryInMs).toBeGreaterThan(5 * HOUR_MS - 60_000);
    expect(retryInMs).toBeLessThanOrEqual(5 * HOUR_MS + 50);
  });

  it('runs at once when the last run is older than the interval', async () => {
    await recordRun('stale-run', 7);
    const { claim, runs } = await startOnce('stale-run');
    expect(claim.claimed).toBe(true);
    expect(runs).toBe(1);
  });

  it('runs at once when the last run failed, though within its interval', async () => {
    await recordRun('failed-run', 1, 'market source down');
    const { claim, runs } = await startOnce('failed-run');
    expect(claim.claimed).toBe(true);
    expect(runs).toBe(1);
    expect((await row('failed-run'))?.lastError).toBeNull();
  });
});
