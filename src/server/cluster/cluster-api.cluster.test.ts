/**
 * Two API processes behind a round-robin balancer (as nginx or HAProxy would be), one worker, on
 * PostgreSQL and a Redis of the test's own, under traders' traffic: a SIGTERM stops a process
 * gracefully, a kill -9 cuts only the connections it held, and Redis restarting or PostgreSQL
 * dropping every connection gives 503s, never a crash, and full recovery within 30 s.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_SHUTTING_DOWN } from '../realtime/socket-server';
import { call, openRecordingSocket, signUp, type Account } from './testing/clients';
import { serverErrors, startLoad } from './testing/load';
import { moneyViolations } from './testing/money-invariants';
import { startRoundRobinProxy } from './testing/round-robin-proxy';
import { CLUSTER_START_TIMEOUT_MS, startTestCluster, type TestCluster } from './testing/test-cluster';

type Recorder = ReturnType<typeof openRecordingSocket>;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('API processes behind a balancer, under load and faults', () => {
  let c: TestCluster;
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  let trader: Account;
  let sockets: Recorder[] = [];

  beforeAll(async () => {
    c = await startTestCluster({ api: 2, worker: 1 });
    proxy = await startRoundRobinProxy(c.api.map((p) => p.port));
    await signUp(proxy.url, 'Operator');
    trader = await signUp(proxy.url, 'Trader');
  }, CLUSTER_START_TIMEOUT_MS);
  // A test that stops a process leaves it to be started again here, passed or failed.
  afterEach(async () => c?.reviveAll());
  afterAll(async () => {
    for (const recorder of sockets) recorder.socket.close();
    await proxy?.close();
    await c?.close();
  });

  /** Four sockets through the balancer: two land on each API process. */
  async function openSockets(): Promise<Recorder[]> {
    for (const recorder of sockets) recorder.socket.close();
    sockets = Array.from({ length: 4 }, () => openRecordingSocket(proxy.url, trader));
    await Promise.all(sockets.map((recorder) => recorder.connected()));
    return sockets;
  }

  const allConnected = () => sockets.every((recorder) => recorder.socket.connected);

  async function balanced(): Promise<void> {
    expect(await moneyViolations(c)).toEqual([]);
    const { body } = await call<{ balance: number }>(proxy.url, trader, '/api/payments/balance');
    const [ledger] = await c.query<{ cents: string }>(
      `select a.balance_cents as cents from ledger_accounts a join "user" u on u.id = a.user_id
       where u.email = $1 and a.kind = 'user_available'`,
      [trader.email],
    );
    expect(Math.round(body.balance * 100)).toBe(Number(ledger?.cents ?? 0));
  }

  it('stops an API process on SIGTERM within 10 s; its sockets get the hint and reconnect to the other', async () => {
    await openSockets();
    const started = Date.now();
    const code = await c.kill('api-1', 'SIGTERM');
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);

    const hinted = sockets.filter((recorder) => recorder.of('server_shutdown').length > 0);
    expect(hinted.length).toBeGreaterThan(0);
    for (const recorder of hinted) {
      expect(recorder.of('server_shutdown')[0]).toEqual({ message: SERVER_SHUTTING_DOWN, reconnect: true });
      expect(recorder.disconnects).toContain('transport close');
    }
    await expect.poll(allConnected, { timeout: 10_000 }).toBe(true);
  });

  it('keeps serving when an API process is killed (kill -9) under load: only its connections are cut', async () => {
    await openSockets();
    const load = startLoad(proxy.url, trader);
    await sleep(2_000);
    await c.kill('api-2');
    await sleep(3_000);
    const outcome = await load.stop();

    expect(serverErrors(outcome)).toEqual([]);
    expect(outcome.statuses[200] ?? 0).toBeGreaterThan(20);
    // Every deposit that was answered is in the books.
    const stored = await c.query<{ id: string }>(
      "select id from payments where id = any($1) and status = 'completed'",
      [outcome.committedDeposits],
    );
    expect(stored.map((row) => row.id).sort()).toEqual([...outcome.committedDeposits].sort());
    await balanced();
    await expect.poll(allConnected, { timeout: 15_000 }).toBe(true);
  });

  it('answers 503 while Redis is down, never crashes, and recovers within 30 s of its return', async () => {
    const load = startLoad(proxy.url, trader, 2);
    await sleep(1_000);
    await c.redis.stop();
    await expect
      .poll(async () => (await fetch(`${c.api[0]!.url}/readyz`)).status, { timeout: 10_000 })
      .toBe(503);
    await sleep(3_000);
    await c.redis.start();
    const back = Date.now();
    await expect
      .poll(
        async () =>
          (await Promise.all(c.processes.map(async (p) => (await fetch(`${p.url}/readyz`)).status))).join(),
        {
          timeout: 30_000,
          interval: 250,
        },
      )
      .toBe(c.processes.map(() => 200).join());
    expect(Date.now() - back).toBeLessThan(30_000);
    const outcome = await load.stop();
    for (const proc of c.processes) expect(c.alive(proc.name), c.tail(proc.name)).toBe(true);
    expect(serverErrors(outcome).filter((e) => !e.startsWith('503'))).toEqual([]);
    await balanced();
  });

  it('answers 503 when PostgreSQL drops every connection, never crashes, and recovers', async () => {
    const load = startLoad(proxy.url, trader, 2);
    await sleep(1_000);
    for (let i = 0; i < 3; i += 1) {
      await c.terminateBackends();
      await sleep(500);
    }
    await sleep(1_000);
    const outcome = await load.stop();
    for (const proc of c.processes) expect(c.alive(proc.name), c.tail(proc.name)).toBe(true);
    expect(serverErrors(outcome).filter((e) => !e.startsWith('503'))).toEqual([]);
    await expect
      .poll(
        async () =>
          (await Promise.all(c.processes.map(async (p) => (await fetch(`${p.url}/readyz`)).status))).join(),
        {
          timeout: 30_000,
        },
      )
      .toBe(c.processes.map(() => 200).join());
    expect((await call(proxy.url, trader, '/api/payments/balance')).status).toBe(200);
    await balanced();
  });
});
