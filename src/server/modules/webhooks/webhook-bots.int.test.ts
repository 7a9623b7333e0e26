/**
 * The bot formats end to end, on the trading world: a new offer enters a trade on a loopback
 * Freqtrade through its REST API (`forceenter`, HTTP basic auth), and a 3Commas signal bot gets
 * enter and exit signals as the trader's own trade opens and closes; a HeatSignal endpoint hears
 * of the trade, a guardrail's refusal and the withdrawal decisions. The bot's password and secret
 * appear in no stored row, answer or log line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../../../contract/webhooks';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { TestUser } from '../../testing/test-app';
import { postWithdrawal } from '../payments/testing/payments-helpers';
import { createTradingWorld, type TradingWorld } from '../trading/testing/trading-fixture';
import { startFakeFreqtrade, startReceiver, type FakeFreqtrade, type Receiver } from './testing/receiver';

const FT = { username: 'freqtrader', password: 'ft-pass-Zq81!x' };
const BOT_SECRET = 'eyJhbGciOiJIUzI1NiJ9.3commas-bot-secret.k4W';
const BOT_UUID = '8a1d4b0e-2c53-4f1e-9d6a-3b7c5e2f1a90';

let w: TradingWorld;
let alice: TestUser;
let freqtrade: FakeFreqtrade;
let threeCommas: Receiver;
let heatsignal: Receiver;
const ids = { freqtrade: '', threeCommas: '', heatsignal: '' };
const signingSecrets: string[] = [];
const answers: string[] = [];
const logLines: string[] = [];

const call = async (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await w.t.app.inject({ method, url, headers: user.auth, ...(payload && { payload }) });
  answers.push(res.body);
  return res;
};
async function create(body: object): Promise<string> {
  const res = await call(alice, 'POST', '/api/webhooks', body);
  expect(res.statusCode, res.body).toBe(200);
  const { endpoint, secret } = res.json<WebhookEndpointWithSecret>();
  signingSecrets.push(secret);
  return endpoint.id;
}
const deliveries = async (endpointId: string) =>
  (await call(alice, 'GET', `/api/webhooks/${endpointId}/deliveries`)).json<{
    deliveries: WebhookDelivery[];
  }>().deliveries;

/** Sends what is due until `done` holds: the trading modules announce their events without waiting. */
async function deliverUntil(done: () => boolean): Promise<void> {
  for (let round = 0; round < 200 && !done(); round++) {
    await w.t.app.notifications.settled();
    await w.t.app.worker.runNow('webhook-deliveries');
    if (!done()) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(done()).toBe(true);
}

async function publish(symbol: string, positionType: 'long' | 'short'): Promise<string> {
  const offerId = await w.offer(symbol, { positionType, successRate: 75, expectedProfitPercent: 3 });
  await w.t.app.events.emit('offers_changed', {
    offerId,
    created: true,
    refreshedIds: [],
    movedEnds: [],
    skippedBecause: null,
  });
  return offerId;
}
const bodies = (receiver: Receiver) =>
  receiver.received.map((r) => JSON.parse(r.body) as Record<string, unknown>);

beforeAll(async () => {
  w = await createTradingWorld({
    env: { ALLOW_PRIVATE_FEEDS: 'true', LOG_LEVEL: 'debug' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  alice = await w.trader('Alice', 100_000);
  const prefs = await call(alice, 'PUT', '/api/users/preferences', {
    preferredPositionTypes: ['long', 'short'],
    entryFilterMin: 150,
  });
  expect(prefs.statusCode, prefs.body).toBe(200);
  freqtrade = await startFakeFreqtrade(FT);
  threeCommas = await startReceiver();
  heatsignal = await startReceiver();
  ids.freqtrade = await create({
    url: `${freqtrade.origin}/api/v1/forceenter`,
    format: 'freqtrade',
    events: ['offer.created'],
    freqtrade: FT,
  });
  ids.threeCommas = await create({
    url: `${threeCommas.origin}/signal_bots/webhooks`,
    format: '3commas',
    events: ['offer.created', 'trade.opened', 'trade.closed'],
    threeCommas: { botUuid: BOT_UUID, secret: BOT_SECRET, maxLag: 300 },
  });
  ids.heatsignal = await create({
    url: `${heatsignal.origin}/events`,
    format: 'heatsignal',
    events: [
      'trade.opened',
      'trade.closed',
      'withdrawal.approved',
      'withdrawal.rejected',
      'guardrail.triggered',
    ],
  });
  heatsignal.secret = signingSecrets[2]!;
}, 120_000);
afterAll(async () => {
  await freqtrade.close();
  await threeCommas.close();
  await heatsignal.close();
  await w.close();
});

describe('bots and events', () => {
  let btcOffer: string;

  it('enters new offers on Freqtrade with basic auth and the trader’s minimum stake, and signals 3Commas', async () => {
    btcOffer = await publish('BTC/USD', 'long');
    const ethOffer = await publish('ETH/USD', 'short');
    await deliverUntil(() => freqtrade.entered.length === 2 && threeCommas.received.length === 2);
    expect(freqtrade.unauthorized).toBe(0);
    expect(freqtrade.entered).toEqual([
      {
        pair: 'BTC/USD',
        side: 'long',
        ordertype: 'market',
        stakeamount: 150,
        entry_tag: `heatsignal:${btcOffer}`,
      },
      {
        pair: 'ETH/USD',
        side: 'short',
        ordertype: 'market',
        stakeamount: 150,
        entry_tag: `heatsignal:${ethOffer}`,
      },
    ]);
    expect(bodies(threeCommas)).toEqual([
      {
        secret: BOT_SECRET,
        max_lag: '300',
        timestamp: expect.any(String) as string,
        tv_exchange: 'KRAKEN',
        tv_instrument: 'BTCUSD',
        action: 'enter_long',
        bot_uuid: BOT_UUID,
      },
      expect.objectContaining({ tv_instrument: 'ETHUSD', action: 'enter_short' }),
    ]);
    expect(threeCommas.received[0]!.path).toBe('/signal_bots/webhooks');
    expect(heatsignal.received).toHaveLength(0);
    expect((await deliveries(ids.freqtrade)).map((d) => [d.status, d.responseStatus])).toEqual([
      ['delivered', 200],
      ['delivered', 200],
    ]);
  });

  it("signals 3Commas to enter and exit with the trader's own trade, and tells the HeatSignal endpoint", async () => {
    const accepted = await w.accept(alice, btcOffer, { entryAmount: 200, autoCloseProfitPercent: 2 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const trade = accepted.json<{ trade: { id: string; entryPrice: number } }>().trade;
    await deliverUntil(() => threeCommas.received.length === 3 && heatsignal.received.length === 1);
    expect(bodies(threeCommas)[2]).toMatchObject({
      action: 'enter_long',
      tv_instrument: 'BTCUSD',
      trigger_price: String(trade.entryPrice),
    });
    expect(heatsignal.received[0]!.verdict).toEqual({ ok: true });
    expect(bodies(heatsignal)[0]).toMatchObject({ type: 'trade.opened', data: { trade: { id: trade.id } } });

    w.market.setPrice('BTC/USD', 52_000);
    await w.t.app.worker.runNow('trade-monitor');
    await deliverUntil(() => threeCommas.received.length === 4 && heatsignal.received.length === 2);
    expect(bodies(threeCommas)[3]).toMatchObject({
      action: 'exit_long',
      tv_instrument: 'BTCUSD',
      bot_uuid: BOT_UUID,
    });
    expect(bodies(heatsignal)[1]).toMatchObject({
      id: `trade.closed:${trade.id}`,
      type: 'trade.closed',
      data: { trade: { id: trade.id, status: 'closed' } },
      summary: { title: expect.any(String) as string, url: expect.stringContaining('/trades') as string },
    });
  });

  it("tells the HeatSignal endpoint of a guardrail's refusal and of withdrawal decisions", async () => {
    await w.setGuardrails({ maxOpenTrades: 1 });
    const first = await w.accept(alice, await w.offer('ETH/USD', { positionType: 'long' }), {
      entryAmount: 200,
    });
    expect(first.statusCode, first.body).toBe(200);
    const refused = await w.accept(alice, await w.offer('BTC/USD', { positionType: 'quick_long' }), {
      entryAmount: 200,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    await deliverUntil(() => bodies(heatsignal).some((b) => b.type === 'guardrail.triggered'));

    const approved = (await postWithdrawal(w.t.app, alice, 25)).json<{ payment: { id: string } }>().payment
      .id;
    const rejected = (await postWithdrawal(w.t.app, alice, 30)).json<{ payment: { id: string } }>().payment
      .id;
    const admin = (url: string, payload: object) =>
      w.t.app.inject({ method: 'POST', url, headers: w.admin.auth, payload });
    expect((await admin(`/api/admin/approve-withdrawal/${approved}`, {})).statusCode).toBe(200);
    expect(
      (await admin(`/api/admin/reject-withdrawal/${rejected}`, { reason: 'Unverified address' })).statusCode,
    ).toBe(200);
    await deliverUntil(
      () => bodies(heatsignal).filter((b) => String(b.type).startsWith('withdrawal.')).length === 2,
    );
    const decisions = bodies(heatsignal).filter((b) => String(b.type).startsWith('withdrawal.'));
    expect(decisions.map((b) => [b.type, (b.data as { withdrawal: object }).withdrawal])).toEqual(
      expect.arrayContaining([
        ['withdrawal.approved', { id: approved, amount: 25, reason: null }],
        ['withdrawal.rejected', { id: rejected, amount: 30, reason: 'Unverified address' }],
      ]),
    );
    expect(heatsignal.received.every((r) => r.verdict?.ok)).toBe(true);
  });

  it("tests a Freqtrade endpoint with its version call (no trade), and shows a wrong password as Freqtrade's 401", async () => {
    const test = await call(alice, 'POST', `/api/webhooks/${ids.freqtrade}/test`);
    expect(test.statusCode, test.body).toBe(200);
    await deliverUntil(() => freqtrade.versions === 1);
    expect(freqtrade.entered).toHaveLength(2);
    expect((await deliveries(ids.freqtrade))[0]).toMatchObject({ eventType: 'test', status: 'delivered' });

    const wrong = await create({
      url: `${freqtrade.origin}/api/v1/forceenter`,
      format: 'freqtrade',
      events: ['offer.created'],
      freqtrade: { ...FT, password: 'not-the-password' },
    });
    await call(alice, 'POST', `/api/webhooks/${wrong}/test`);
    await deliverUntil(() => freqtrade.unauthorized === 1);
    const [attempt] = await deliveries(wrong);
    expect(attempt).toMatchObject({
      status: 'pending',
      responseStatus: 401,
      error: 'HTTP 401: {"detail":"Unauthorized"}',
    });
  });

  it('refuses a 3Commas test event (any signal would open a deal)', async () => {
    const res = await call(alice, 'POST', `/api/webhooks/${ids.threeCommas}/test`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/3Commas has no test signal/);
  });

  it('keeps the bot password and secret, and every signing secret, out of rows, answers and logs', async () => {
    const listed = await call(alice, 'GET', '/api/webhooks');
    const endpoints = listed.json<{ endpoints: WebhookEndpoint[] }>().endpoints;
    expect(endpoints.find((e) => e.format === 'freqtrade')?.freqtrade).toEqual({
      username: FT.username,
      stakeAmount: null,
      ordertype: 'market',
    });
    expect(endpoints.find((e) => e.format === '3commas')?.threeCommas).toEqual({
      botUuid: BOT_UUID,
      maxLag: 300,
    });
    const stored = JSON.stringify([
      await w.t.db.select().from(webhookDeliveries),
      await w.t.db.select().from(webhookEndpoints),
    ]);
    const log = logLines.join('\n');
    expect(log).toContain('webhook delivery failed');
    for (const secret of [FT.password, 'not-the-password', BOT_SECRET, ...signingSecrets]) {
      expect(stored, secret).not.toContain(secret);
      expect(log, secret).not.toContain(secret);
      expect(answers.filter((a) => a.includes(secret)).length, secret).toBeLessThanOrEqual(
        signingSecrets.includes(secret) ? 1 : 0,
      );
    }
  });
});
