import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client';
import { scheduleLeases } from '../db/schema';
import { createTestDatabase } from '../db/testing';
import { createScheduleLeases } from '../modules/system/schedule-leases.repo';
import { createScheduler, type PeriodicTask } from './scheduler';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Several workers' schedules on one database, as several worker processes would share it. */
describe('schedules shared through leases', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => handle.close());

  const leasesOf = (holder: string, leaseMs = 400) => createScheduleLeases(handle.db, { holder, leaseMs });

  it('gives a due run to one holder, and to nobody until it falls due again', async () => {
    const [a, b] = [leasesOf('a'), leasesOf('b')];
    await a.register('one-claim', 0, false);
    await b.register('one-claim', 0, false);
    const claims = await Promise.all([a.claim('one-claim'), b.claim('one-claim'), a.claim('one-claim')]);
    expect(claims.filter((claim) => claim.claimed)).toHaveLength(1);

    const holder = claims[1]?.claimed ? b : a;
    await holder.finish('one-claim', 60_000, null);
    const after = await a.claim('one-claim');
    expect(after.claimed).toBe(false);
    expect(after.claimed === false && after.retryInMs).toBeGreaterThan(55_000);
    const [row] = await handle.db.select().from(scheduleLeases).where(eq(scheduleLeases.task, 'one-claim'));
    expect(row).toMatchObject({ holder: null, heldUntil: null, lastError: null });
  });

  it('lets another holder take over a run whose holder went silent, and not before', async () => {
    const [dead, alive] = [leasesOf('dead'), leasesOf('alive')];
    await dead.register('takeover', 0, false);
    expect((await dead.claim('takeover')).claimed).toBe(true);
    const early = await alive.claim('takeover');
    expect(early.claimed).toBe(false);
    expect(early.claimed === false && early.retryInMs).toBeLessThanOrEqual(400);
    await sleep(450);
    expect((await alive.claim('takeover')).claimed).toBe(true);
    // The silent holder cannot renew or finish a run that is no longer its own.
    expect(await dead.renew('takeover')).toBe(false);
    await dead.finish('takeover', 1, 'late');
    const [row] = await handle.db.select().from(scheduleLeases).where(eq(scheduleLeases.task, 'takeover'));
    expect(row?.holder).toBe('alive');
  });

  it('makes a run given back due at once for the others', async () => {
    const [leaving, staying] = [leasesOf('leaving', 60_000), leasesOf('staying', 60_000)];
    await leaving.register('handback', 0, false);
    expect((await leaving.claim('handback')).claimed).toBe(true);
    expect((await staying.claim('handback')).claimed).toBe(false);
    await leaving.release('handback');
    expect((await staying.claim('handback')).claimed).toBe(true);
  });

  it('runs each interval once across two workers, and records a failure', async () => {
    let runs = 0;
    const task = (): PeriodicTask => ({
      name: 'shared-tick',
      every: () => 1_000,
      runAtStart: true,
      run: async () => {
        runs += 1;
        await sleep(30);
        if (runs === 1) throw new Error('first run fails');
      },
    });
    const errors: string[] = [];
    const log = (_task: string, error: unknown) => errors.push((error as Error).message);
    const first = createScheduler([task()], log, { leases: leasesOf('w1', 5_000) });
    const second = createScheduler([task()], log, { leases: leasesOf('w2', 5_000) });
    first.start();
    second.start();
    const started = Date.now();
    await expect
      .poll(async () => {
        const [row] = await handle.db
          .select()
          .from(scheduleLeases)
          .where(eq(scheduleLeases.task, 'shared-tick'));
        return row?.lastError;
      })
      .toBe('first run fails');
    await sleep(3_200 - (Date.now() - started));
    await Promise.all([first.stop(), second.stop()]);
    // Alone, each would have run 4 times in 3.2 s (at 0, 1, 2 and 3 s); together they still run 4.
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(5);
    expect(errors).toEqual(['first run fails']);
  });

  it('hands a run that outlasts the grace period back on stop, and does not wait for it again', async () => {
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => {
      release = resolve;
    });
    const leases = leasesOf('stopping', 60_000);
    const scheduler = createScheduler(
      [{ name: 'slow', every: () => 60_000, runAtStart: true, run: () => stuck }],
      () => undefined,
      { leases },
    );
    scheduler.start();
    const other = leasesOf('other', 60_000);
    await expect.poll(() => held('slow')).toBe('stopping');
    expect((await other.claim('slow')).claimed).toBe(false);
    await scheduler.stop(100);
    expect((await other.claim('slow')).claimed).toBe(true);
    // Handed back, the run is not waited for again: the app's close (a stop without grace) goes on.
    const again = await Promise.race([
      scheduler.stop().then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('waiting on the run'), 1_000)),
    ]);
    expect(again).toBe('stopped');
    release();
  });

  async function held(task: string) {
    const [row] = await handle.db.select().from(scheduleLeases).where(eq(scheduleLeases.task, task));
    return row?.holder ?? null;
  }
});
