import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  livePausedMessage,
  RECONCILIATION_DISABLED,
  reconciliationRunSchema,
  reconciliationStateSchema,
} from '../../../contract/reconciliation';
import { auditLogs, cryptoPairs, offers, reconciliationRuns, trades } from '../../db/schema';
import { createKrakenExecutor } from '../../providers/execution/kraken';
import {
  FAKE_KRAKEN_CREDENTIALS,
  startFakeKrakenServer,
  type FakeKrakenServer,
} from '../../providers/market/kraken/fake-kraken-server';
import { isBusEvent } from '../../realtime/event-bus';
import type { TestUser } from '../../testing/test-app';
import { STUCK_ORDER_MS } from './reconciliation.service';
import { createTradingWorld, type TradingWorld } from './testing/trading-fixture';

/*
 * Reconciliation through HTTP, live trading against the fake Kraken: the first run is the
 * baseline, the books' own trades keep it balanced, a drift planted in the fake exchange is found,
 * alerted and pauses live accepts until an admin acknowledges it.
 */
describe('reconciliation of the live exchange account', () => {
  let fake: FakeKrakenServer;
  let w: TradingWorld;
  let trader: TestUser;

  beforeAll(async () => {
    fake = await startFakeKrakenServer({ balances: { ZUSD: 50_000, XXBT: 0.25 } });
    const kraken = createKrakenExecutor({
      ...FAKE_KRAKEN_CREDENTIALS,
      baseUrl: fake.url,
      rateLimit: false,
      pollIntervalMs: 1,
    });
    w = await createTradingWorld({ pairs: [{ symbol: 'BTC/USD', price: 105_944.25 }], inner: kraken });
    await w.t.db.update(cryptoPairs).set({ krakenSymbol: 'XBTUSD' }).where(eq(cryptoPairs.symbol, 'BTC/USD'));
    trader = await w.trader('Live', 100_000);
  });
  afterAll(async () => {
    await w.close();
    await fake.close();
  });

  const as = (user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    w.t.app.inject({ method, url, headers: user.auth, ...(payload && { payload }) });
  const runNow = async () => {
    const res = await as(w.admin, 'POST', '/api/admin/reconciliation/run', {});
    expect(res.statusCode, res.body).toBe(200);
    return reconciliationRunSchema.parse(res.json());
  };
  const state = async () =>
    reconciliationStateSchema.parse((await as(w.admin, 'GET', '/api/admin/reconciliation')).json());
  async function accept() {
    await w.t.db.update(offers).set({ status: 'expired' }).where(eq(offers.status, 'open'));
    const offerId = await w.offer('BTC/USD', { stopLossPercent: 5, takeProfitPercent: 5 });
    return w.accept(trader, offerId, { entryAmount: 100 });
  }

  it('takes the first run as the baseline and stays balanced through the books’ own trades', async () => {
    expect(await state()).toMatchObject({ enabled: true, toleranceUsd: 1, pausedBy: null, runs: [] });
    const baseline = await runNow();
    expect(baseline).toMatchObject({ status: 'baseline', trigger: 'admin' });
    expect(baseline.assets.find((a) => a.asset === 'ZUSD')).toMatchObject({ exchange: 50_000, drift: 0 });

    expect((await accept()).statusCode).toBe(200);
    await w.t.app.worker.runNow('reconciliation');
    const [scheduled] = (await state()).runs;
    expect(scheduled).toMatchObject({ status: 'balanced', trigger: 'schedule' });
    const btc = scheduled!.assets.find((a) => a.asset === 'XXBT')!;
    expect(btc.exchange).toBeGreaterThan(0.25);
    expect(btc.drift).toBeCloseTo(0, 12);
  });

  it('finds a drift planted in the exchange, alerts the admins and pauses live accepts', async () => {
    const before = await w.balances(trader);
    fake.balances.set('XXBT', fake.balances.get('XXBT')! + 0.002);
    const drift = await runNow();
    expect(drift.status).toBe('drift');
    const btc = drift.assets.find((a) => a.asset === 'XXBT')!;
    expect(btc.drift).toBeCloseTo(0.002, 12);
    expect(btc.driftUsd).toBeCloseTo(0.002 * 105_944.25, 6);
    expect(drift.assets.find((a) => a.asset === 'ZUSD')?.drift).toBeCloseTo(0, 6);

    const alert = w.events.filter((m) => isBusEvent(m, 'admin_alert')).at(-1);
    expect(alert?.rooms).toEqual(['admins']);
    expect(alert?.payload).toMatchObject({
      message: expect.stringContaining(livePausedMessage(drift.id)) as string,
    });
    expect((await state()).pausedBy).toMatchObject({ id: drift.id });

    const refused = await accept();
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toEqual({ error: livePausedMessage(drift.id) });
    expect(await w.balances(trader)).toEqual(before);
  });

  it('lets only an admin acknowledge, with a note; then the drift is the new baseline', async () => {
    const drift = (await state()).pausedBy!;
    const url = `/api/admin/reconciliation/${drift.id}/acknowledge`;
    expect((await as(trader, 'POST', url, { note: 'mine' })).statusCode).toBe(403);
    const blank = await as(w.admin, 'POST', url, { note: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(
      (await as(w.admin, 'POST', '/api/admin/reconciliation/999999/acknowledge', { note: 'x' })).statusCode,
    ).toBe(404);
    expect((await state()).pausedBy?.id).toBe(drift.id);

    const ok = await as(w.admin, 'POST', url, { note: 'Deposited 0.002 BTC by hand on Kraken' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      id: drift.id,
      acknowledgeNote: 'Deposited 0.002 BTC by hand on Kraken',
      acknowledgedBy: { id: w.admin.id },
    });
    expect((await as(w.admin, 'POST', url, { note: 'again' })).statusCode).toBe(409);
    const [audited] = await w.t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'reconciliation.acknowledge'));
    expect(audited).toMatchObject({ userId: w.admin.id, details: { runIds: [drift.id] } });

    expect((await state()).pausedBy).toBeNull();
    expect((await accept()).statusCode).toBe(200);
    expect((await runNow()).status).toBe('balanced');
  });

  it('defers judging while an order is in flight or being looked up', async () => {
    fake.failNext('AddOrder', { after: true, status: 502, error: 'EService:Unavailable' });
    expect((await accept()).statusCode).toBe(202);
    const deferred = await runNow();
    expect(deferred).toMatchObject({
      status: 'deferred',
      error: '1 order is in flight or being looked up; judged at the next run',
    });
    expect((await state()).pausedBy).toBeNull();

    // Unresolved for longer than an order may take: that itself is alerted.
    const [waiting] = await w.t.db.select().from(trades).where(isNotNull(trades.unknownOrder));
    await w.t.db
      .update(trades)
      .set({ openedAt: new Date(Date.now() - STUCK_ORDER_MS - 60_000) })
      .where(eq(trades.id, waiting!.id));
    const stuck = await runNow();
    expect(stuck.status).toBe('deferred');
    expect(w.events.filter((m) => isBusEvent(m, 'admin_alert')).at(-1)?.payload).toMatchObject({
      message: expect.stringMatching(
        new RegExp(`^Reconciliation #${stuck.id} deferred: an order has been unresolved for 16 minutes`),
      ) as string,
    });

    await w.t.app.worker.runNow('trade-monitor');
    expect((await runNow()).status).toBe('balanced');
  });

  it('records an exchange that does not answer as an error run, alerted, without a pause', async () => {
    fake.failNext('Balance', { error: 'EService:Unavailable' });
    const failed = await runNow();
    expect(failed).toMatchObject({
      status: 'error',
      error: expect.stringMatching(/EService:Unavailable/) as string,
    });
    expect(w.events.filter((m) => isBusEvent(m, 'admin_alert')).at(-1)?.payload).toMatchObject({
      message: expect.stringContaining(`Reconciliation #${failed.id} could not read the exchange`) as string,
    });
    expect((await state()).pausedBy).toBeNull();
    expect(await w.t.db.select().from(reconciliationRuns)).toHaveLength(8);
  });
});

describe('reconciliation with paper trading', () => {
  let w: TradingWorld;
  beforeAll(async () => {
    w = await createTradingWorld();
  });
  afterAll(async () => w.close());

  it('has nothing to run: paper trading holds nothing on an exchange', async () => {
    const run = await w.t.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation/run',
      headers: w.admin.auth,
    });
    expect(run.statusCode).toBe(409);
    expect(run.json()).toEqual({ error: RECONCILIATION_DISABLED });
    const read = await w.t.app.inject({
      method: 'GET',
      url: '/api/admin/reconciliation',
      headers: w.admin.auth,
    });
    expect(reconciliationStateSchema.parse(read.json())).toMatchObject({ enabled: false, runs: [] });
  });
});
