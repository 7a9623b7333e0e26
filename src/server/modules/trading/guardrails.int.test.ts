import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trades } from '../../db/schema';
import type { TestUser } from '../../testing/test-app';
import { createTradingWorld, type TradingWorld } from './testing/trading-fixture';

const POSITION_TYPES = [
  'long',
  'scalp_long',
  'quick_long',
  'hedge_long',
  'ml_scalp_bullish',
  'balanced',
] as const;

/**
 * The guardrails fire from the global settings an admin sets: the open-trade limit, the daily
 * realised-loss cap and the cooldown after a losing streak. Each refusal names its rule and
 * leaves the trader's money where it was.
 */
describe('accept guardrails', () => {
  let w: TradingWorld;
  beforeAll(async () => {
    // One pair per scenario: a pair has one live offer per position type.
    w = await createTradingWorld({
      pairs: [
        { symbol: 'BTC/USD', price: 50_000 },
        { symbol: 'ETH/USD', price: 2_000 },
        { symbol: 'SOL/USD', price: 150 },
      ],
    });
  });
  afterAll(async () => w.close());

  const monitor = () => w.t.app.worker.runNow('trade-monitor');

  async function expectRefused(user: TestUser, offerId: string, body: object, message: string | RegExp) {
    const before = await w.balances(user);
    const res = await w.accept(user, offerId, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect(await w.balances(user)).toEqual(before);
  }

  /** Opens trades of `amount` on `symbol` at the market price, one per position type. */
  async function openTrades(user: TestUser, symbol: string, count: number, amount: number, spec = {}) {
    for (const positionType of POSITION_TYPES.slice(0, count)) {
      const res = await w.accept(user, await w.offer(symbol, { positionType, ...spec }), {
        entryAmount: amount,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }

  it('refuses more open trades than the limit, and allows one again after a close', async () => {
    await w.setGuardrails({ maxOpenTrades: 2 });
    w.market.setPrice('BTC/USD', 50_000);
    const alice = await w.trader('Alice', 100_000);
    await openTrades(alice, 'BTC/USD', 2, 50);
    const third = await w.offer('BTC/USD', { positionType: 'hedge_long' });
    await expectRefused(alice, third, { entryAmount: 50 }, 'Guardrail: at most 2 open trades');
    expect(await w.t.db.select().from(trades).where(eq(trades.userId, alice.id))).toHaveLength(2);

    // One closes (auto-close at 5 % by default): a new trade fits again.
    w.market.setPrice('BTC/USD', 53_500);
    await monitor();
    w.market.setPrice('BTC/USD', 50_000);
    const [any] = await w.t.db.select().from(trades).where(eq(trades.userId, alice.id));
    expect(any?.status).toBe('closed');
    const res = await w.accept(alice, await w.offer('BTC/USD', { positionType: 'balanced' }), {
      entryAmount: 50,
    });
    expect(res.statusCode, res.body).toBe(200);
    await w.setGuardrails({ maxOpenTrades: 5 });
  });

  it("refuses new trades once today's realised losses reach the cap of the day's starting equity", async () => {
    await w.setGuardrails({ dailyLossCapPercent: 10, lossStreakLimit: 100 });
    w.market.setPrice('ETH/USD', 2_000);
    const bob = await w.trader('Bob', 100_000);
    // Two $300 trades with a 20 % stop: a 25 % fall stops both out for about $150 of loss.
    await openTrades(bob, 'ETH/USD', 2, 300, { stopLossPercent: 20 });
    w.market.setPrice('ETH/USD', 1_500);
    await monitor();
    const closed = await w.t.db.select().from(trades).where(eq(trades.userId, bob.id));
    const lossCents = -closed.reduce((sum, t) => sum + (t.profitCents ?? 0), 0);
    expect(closed.map((t) => t.closeReason)).toEqual(['stop_loss', 'stop_loss']);
    expect(lossCents).toBeGreaterThanOrEqual(10_000);

    w.market.setPrice('ETH/USD', 2_000);
    const next = await w.offer('ETH/USD', { positionType: 'hedge_long' });
    // Bob deposited his $1,000 today: that is the day's stake.
    await expectRefused(
      bob,
      next,
      { entryAmount: 10 },
      `Guardrail: daily loss cap of 10% reached (lost $${(lossCents / 100).toFixed(2)} today of $1000.00 starting equity)`,
    );
    // A higher cap lets him trade again.
    await w.setGuardrails({ dailyLossCapPercent: 50 });
    expect((await w.accept(bob, next, { entryAmount: 10 })).statusCode).toBe(200);
    await w.setGuardrails({ dailyLossCapPercent: 10, lossStreakLimit: 3 });
  });

  it('refuses new trades for the cooldown after the losing streak, naming when it ends', async () => {
    await w.setGuardrails({ lossStreakLimit: 3, cooldownMinutes: 60, dailyLossCapPercent: 100 });
    w.market.setPrice('SOL/USD', 150);
    const carol = await w.trader('Carol', 100_000);
    await openTrades(carol, 'SOL/USD', 3, 20, { stopLossPercent: 1 });
    w.market.setPrice('SOL/USD', 147);
    await monitor();
    const losses = await w.t.db.select().from(trades).where(eq(trades.userId, carol.id));
    expect(losses.every((t) => t.status === 'closed' && (t.profitCents ?? 0) < 0)).toBe(true);
    const last = Math.max(...losses.map((t) => t.closedAt!.getTime()));
    const until = new Date(last + 60 * 60_000).toISOString().slice(11, 16);

    w.market.setPrice('SOL/USD', 150);
    const next = await w.offer('SOL/USD', { positionType: 'ml_scalp_bullish' });
    await expectRefused(
      carol,
      next,
      { entryAmount: 20 },
      new RegExp(
        `^Guardrail: cooldown after 3 losing trades, until ${until} UTC( on \\d{4}-\\d\\d-\\d\\d)?$`,
      ),
    );
    // The streak is over once the cooldown has passed (the last loss an hour ago).
    await w.t.db
      .update(trades)
      .set({ closedAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(trades.userId, carol.id));
    expect((await w.accept(carol, next, { entryAmount: 20 })).statusCode).toBe(200);
  });

  it('serves the guardrails to traders', async () => {
    const dave = await w.trader('Dave', 0);
    const res = await w.t.app.inject({ method: 'GET', url: '/api/trades/guardrails', headers: dave.auth });
    expect(res.json()).toEqual({
      maxOpenTrades: 5,
      dailyLossCapPercent: 100,
      lossStreakLimit: 3,
      cooldownMinutes: 60,
    });
  });
});
