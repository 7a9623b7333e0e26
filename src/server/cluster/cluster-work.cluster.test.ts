/**
 * Two API processes and two workers on one PostgreSQL and one Redis, as `npm run cluster -- --api 2
 * --worker 2` starts them: events reach sockets on both API processes, a job runs once, and a
 * worker killed (kill -9) in the middle of an analysis or of the trade monitor hands its work to
 * the other worker without a duplicate offer or a lost or doubled cent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, openAdminStream, openRecordingSocket, signUp, type Account } from './testing/clients';
import { moneyViolations } from './testing/money-invariants';
import { CLUSTER_START_TIMEOUT_MS, startTestCluster, type TestCluster } from './testing/test-cluster';

type Recorder = ReturnType<typeof openRecordingSocket>;

describe('a cluster of two API processes and two workers', () => {
  let c: TestCluster;
  let operator: Account;
  let trader: Account;
  let onFirst: Recorder;
  let onSecond: Recorder;
  let adminStream: ReturnType<typeof openAdminStream>;
  /** Tries at killing a worker mid-run (see that test). */
  const ROUNDS = 10;

  beforeAll(async () => {
    // No fee, so the operator's bypass offers can be accepted: the test is about processes, not edge.
    c = await startTestCluster({ api: 2, worker: 2, env: { TAKER_FEE_PERCENT: '0' } });
    const [first, second] = c.api;
    operator = await signUp(first!.url, 'Operator');
    trader = await signUp(second!.url, 'Trader');
    onFirst = openRecordingSocket(first!.url, trader);
    onSecond = openRecordingSocket(second!.url, trader);
    await Promise.all([onFirst.connected(), onSecond.connected()]);
    adminStream = openAdminStream(first!.url, operator);
    // The workers' first market sync (backfill, publication gate, then every pair's analysis) is
    // done before the tests count analyses and offers of their own.
    await vi.waitFor(
      async () => {
        const [row] = await c.query<{ reports: string; pending: string; done: string }>(`
          select (select count(*) from signal_quality_reports) as reports,
                 (select count(*) from analyses where status in ('queued', 'running')) as pending,
                 (select count(*) from analyses where status = 'completed') as done`);
        if (Number(row!.reports) === 0 || Number(row!.pending) > 0 || Number(row!.done) < 12)
          throw new Error(`first market sync not done yet: ${JSON.stringify(row)}`);
      },
      { timeout: 180_000, interval: 500 },
    );
  }, CLUSTER_START_TIMEOUT_MS + 180_000);
  // A test that stops a process leaves it to be started again here, passed or failed.
  afterEach(async () => c?.reviveAll());
  afterAll(async () => {
    onFirst?.socket.close();
    onSecond?.socket.close();
    await adminStream?.close();
    await c?.close();
  });

  async function requestAnalysis(apiUrl: string, symbol: string): Promise<string> {
    const asked = await call<{ analysisId: string | null }>(apiUrl, operator, '/api/admin/manage-triggers', {
      method: 'POST',
      body: { action: 'add', type: 'bypass_analysis', symbol },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.analysisId).toBeTruthy();
    return asked.body.analysisId!;
  }

  const runningCount = async (ids: string[]) =>
    (await c.query('select id from analyses where id = any($1) and status = $2', [ids, 'running'])).length;
  /**
   * Runs of `ids` before their scoring and offer stages, so with their publication ahead of them
   * (the engine's backtest stage is where a run spends its time).
   */
  const earlyRunningCount = async (ids: string[]) =>
    (
      await c.query(
        "select id from analyses where id = any($1) and status = 'running' and stage in ('fetch', 'indicators', 'backtest')",
        [ids],
      )
    ).length;

  /** Polls `condition` every 10 ms until it holds (true) or `timeoutMs` pass (false). */
  async function isSeenWithin(condition: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await condition()) return true;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return false;
  }

  /** 'completed', or the failure with its reason, once the run ended. */
  const analysisOutcome = async (id: string) => {
    const [row] = await c.query<{ status: string; error: string | null }>(
      'select status, error from analyses where id = $1',
      [id],
    );
    return row?.status === 'failed' ? `failed: ${row.error}` : row?.status;
  };

  it('delivers a new offer and heat-map updates to sockets on both API processes, once each', async () => {
    const analysisId = await requestAnalysis(c.api[1]!.url, 'BTC/USD');
    await expect
      .poll(() => analysisOutcome(analysisId), { timeout: 90_000, interval: 250 })
      .toBe('completed');
    // A new offer, or the live one of the same pair and position type refreshed by this run.
    const [offer] = await c.query<{ id: string | null }>(
      "select figures->>'offerId' as id from analyses where id = $1",
      [analysisId],
    );
    expect(offer?.id).toBeTruthy();
    const offerIds = (r: Recorder) =>
      [...r.of('new_offer'), ...r.of('offer_update')].map((payload) => payload.id);
    await expect.poll(() => offerIds(onFirst).includes(offer!.id), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => offerIds(onSecond).includes(offer!.id), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => onFirst.of('heatmap_update').length, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect.poll(() => onSecond.of('heatmap_update').length, { timeout: 30_000 }).toBeGreaterThan(0);

    // Each process's sockets get every offer event exactly once (not once per process).
    const newOffers = (r: Recorder) => r.of('new_offer').map((payload) => String(payload.id));
    for (const recorder of [onFirst, onSecond])
      expect(new Set(newOffers(recorder)).size).toBe(newOffers(recorder).length);
    // The same offers on both: an event published as the run ended may still be on its way to one
    // process on a loaded machine, so the sets are compared until they agree. A socket that lost
    // its connection misses what was sent meanwhile; its disconnects are in the message.
    await vi.waitFor(
      () => {
        const [first, second] = [newOffers(onFirst).sort(), newOffers(onSecond).sort()];
        if (first.join() !== second.join())
          throw new Error(
            `new offers differ: ${JSON.stringify({
              first: { newOffers: first, disconnects: onFirst.disconnects },
              second: { newOffers: second, disconnects: onSecond.disconnects },
            })}`,
          );
      },
      { timeout: 30_000, interval: 100 },
    );
  });

  it('runs a requested analysis exactly once across the two workers', async () => {
    const analysisId = await requestAnalysis(c.api[0]!.url, 'ETH/USD');
    await expect
      .poll(() => analysisOutcome(analysisId), { timeout: 90_000, interval: 250 })
      .toBe('completed');
    const fetches = await c.query<{ n: string }>(
      "select count(*) as n from analysis_snapshots where analysis_id = $1 and stage = 'fetch'",
      [analysisId],
    );
    expect(Number(fetches[0]!.n)).toBe(1);
    const completions = await c.query<{ n: string }>(
      "select count(*) as n from action_logs where action = 'analysis.completed' and details->>'analysisId' = $1",
      [analysisId],
    );
    expect(Number(completions[0]!.n)).toBe(1);
    const fetchEvents = (r: Recorder) =>
      r.of('analysis_status').filter((e) => e.analysisId === analysisId && e.stage === 'fetch');
    expect(fetchEvents(onFirst)).toHaveLength(1);
    expect(fetchEvents(onSecond)).toHaveLength(1);
    // Requested on the first API process, run on a worker: the admin's SSE stream on the first
    // process follows it through the Redis bus to the end.
    await expect
      .poll(() =>
        adminStream.messages.some(
          (m) => m.channel === 'analysis_status' && m.analysisId === analysisId && m.status === 'completed',
        ),
      )
      .toBe(true);
  });

  it('finishes the analyses of a worker killed mid-run on the other worker, without a duplicate offer', async () => {
    // An analysis takes a fraction of a second here, so the one the killed worker was running can
    // end in the instant between the look and the kill. Each round kills while both workers are
    // before publishing, and the scenario is tried again until the kill has caught a run (the other
    // worker then starts it again, so its first stage is stored twice).
    let caught = false;
    for (let round = 0; round < ROUNDS && !caught; round++) {
      await c.reviveAll();
      const ids: string[] = [];
      for (const symbol of ['SOL/USD', 'XRP/USD', 'ADA/USD', 'DOGE/USD', 'DOT/USD', 'LINK/USD', 'LTC/USD'])
        ids.push(await requestAnalysis(c.api[0]!.url, symbol));
      // One job a worker at a time: with two running, each worker is in the middle of one. A round
      // whose runs all end before that is seen (they take a fraction of a second) kills nothing.
      if (await isSeenWithin(async () => (await earlyRunningCount(ids)) >= 2, 20_000))
        await c.kill('worker-1');

      for (const id of ids)
        await expect.poll(() => analysisOutcome(id), { timeout: 120_000, interval: 500 }).toBe('completed');
      const perAnalysis = await c.query<{ analysis_id: string; n: string }>(
        'select analysis_id, count(*) as n from offers where analysis_id = any($1) group by analysis_id',
        [ids],
      );
      for (const row of perAnalysis) expect(Number(row.n), row.analysis_id).toBe(1);
      const fetches = await c.query<{ analysis_id: string; n: string }>(
        "select analysis_id, count(*) as n from analysis_snapshots where analysis_id = any($1) and stage = 'fetch' group by analysis_id",
        [ids],
      );
      expect(fetches.every((row) => Number(row.n) <= 2)).toBe(true);
      caught = fetches.some((row) => Number(row.n) === 2);
      const duplicates = await c.query(`
        select pair_id, position_type from offers where status = 'open'
        group by pair_id, position_type having count(*) > 1`);
      expect(duplicates).toEqual([]);
    }
    expect(caught, `no kill caught a run in ${ROUNDS} rounds`).toBe(true);
  }, 400_000);

  it('stops a worker on SIGTERM within 10 s, finishing or handing back the analysis it was running', async () => {
    const ids = [
      await requestAnalysis(c.api[0]!.url, 'LTC/USD'),
      await requestAnalysis(c.api[1]!.url, 'DOT/USD'),
    ];
    await expect.poll(() => runningCount(ids), { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(1);
    const started = Date.now();
    expect(await c.kill('worker-2', 'SIGTERM')).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const id of ids)
      await expect.poll(() => analysisOutcome(id), { timeout: 60_000, interval: 250 }).toBe('completed');
  });

  it('keeps the trade monitor going when the worker running it is killed, and the books balance', async () => {
    const deposit = await call(c.api[0]!.url, trader, '/api/payments/deposit', {
      method: 'POST',
      body: { amount: 1_000, paymentMethodId: 'pm_card_visa' },
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    const list = await call<{ data: { id: string }[] }>(c.api[1]!.url, trader, '/api/offers?limit=50');
    let opened = 0;
    const refusals: string[] = [];
    for (const offer of list.body.data) {
      // A tiny auto-close target: on the 60× market the monitor closes these within minutes.
      const accepted = await call(c.api[opened % 2]!.url, trader, `/api/offers/${offer.id}/accept`, {
        method: 'POST',
        body: { entryAmount: 50, autoCloseProfitPercent: 0.05 },
      });
      if (accepted.status === 200) opened += 1;
      else refusals.push(JSON.stringify(accepted.body));
      if (opened === 4) break;
    }
    expect(opened, refusals.join('\n')).toBeGreaterThan(0);

    // Catch the monitor's lease held, and kill the worker holding it in the middle of its run.
    let holderPid = 0;
    await expect
      .poll(
        async () => {
          const [row] = await c.query<{ holder: string | null }>(
            "select holder from schedule_leases where task = 'trade-monitor'",
          );
          holderPid = Number(row?.holder?.split('-')[0] ?? 0);
          return c.workers.some((w) => w.child.pid === holderPid);
        },
        { timeout: 30_000, interval: 5 },
      )
      .toBe(true);
    const victim = c.workers.find((w) => w.child.pid === holderPid)!;
    const killedAt = new Date();
    await c.kill(victim.name);

    // The other worker takes the monitor over once the lease lapses (15 s) and keeps running it.
    await expect
      .poll(
        async () => {
          const [row] = await c.query<{ last_finished_at: Date | null }>(
            "select last_finished_at from schedule_leases where task = 'trade-monitor'",
          );
          return (row?.last_finished_at?.getTime() ?? 0) > killedAt.getTime() + 15_000;
        },
        { timeout: 40_000, interval: 500 },
      )
      .toBe(true);
    expect(await moneyViolations(c)).toEqual([]);
  });
});
