import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptOfferResponseSchema, listOffersResponseSchema } from '../../../contract/offers';
import { auditLogs, ledgerEntries, trades, userOffers } from '../../db/schema';
import { listTradesResponseSchema } from '../../../contract/trades';
import { isBusEvent } from '../../realtime/event-bus';
import type { TestUser } from '../../testing/test-app';
import { createTradingWorld, type TradingWorld } from './testing/trading-fixture';

/** BTC/USD at 50,000 with a deep book (0.02 % spread, 0.01 % steps); a trader with $1,000. */
describe('POST /api/offers/:id/accept', () => {
  let w: TradingWorld;
  let alice: TestUser;
  beforeAll(async () => {
    w = await createTradingWorld();
    alice = await w.trader('Alice', 100_000);
  });
  afterAll(async () => w.close());

  it('opens the trade at the real fill, moves the entry into positions and answers { trade, balance }', async () => {
    const offerId = await w.offer('BTC/USD', { expectedProfitPercent: 1.3 });
    const res = await w.accept(alice, offerId, { entryAmount: 250, autoCloseProfitPercent: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const body = acceptOfferResponseSchema.parse(res.json());

    expect(body.balance).toBe(750);
    expect(await w.balances(alice)).toEqual({ availableCents: 75_000, heldCents: 0, positionsCents: 25_000 });
    const fill = w.executor.fills.at(-1)!;
    expect(w.executor.orders.at(-1)).toMatchObject({
      symbol: 'BTC/USD',
      exchangeSymbol: 'BTCUSD',
      side: 'buy',
      clientOrderId: body.trade.id,
    });
    // Fill plus its fee stays within the entry: 250 / 1.0026 of quote, 0.26 % on top.
    expect(fill.quoteAmount + fill.feeQuote).toBeLessThanOrEqual(250);
    expect(fill.quoteAmount + fill.feeQuote).toBeGreaterThan(249.99);
    expect(fill.averagePrice).toBeGreaterThan(50_000);

    expect(body.trade).toMatchObject({
      offerId,
      pair: 'BTC/USD',
      positionType: 'long',
      amount: 250,
      status: 'open',
      entryPrice: fill.averagePrice,
      exitPrice: null,
      autoCloseProfitPercent: 3,
      closedAt: null,
      closeReason: null,
    });
    // Closing at once would lose both fees and the spread: about -0.54 %.
    expect(body.trade.profit).toBeLessThan(-0.5);
    expect(body.trade.profit).toBeGreaterThan(-0.6);

    const [row] = await w.t.db.select().from(trades).where(eq(trades.id, body.trade.id));
    expect(row).toMatchObject({
      userId: alice.id,
      side: 'buy',
      direction: 'long',
      amountCents: 25_000,
      entryOrderId: `paper-${body.trade.id}`,
      feeCents: Math.round(fill.feeQuote * 100),
    });
    expect(Number(row!.quantity)).toBe(fill.quantity);
    expect(Number(row!.stopLossPrice)).toBeCloseTo(50_000 * (1 - 0.012), 6);
    expect(row!.filledAt).not.toBeNull();

    const legs = await w.t.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, body.trade.id));
    expect(legs.map((l) => [l.kind, l.amountCents]).sort()).toEqual([
      ['trade_open', -25_000],
      ['trade_open', 25_000],
    ]);
    const [action] = await w.t.db
      .select()
      .from(userOffers)
      .where(and(eq(userOffers.userId, alice.id), eq(userOffers.offerId, offerId)));
    expect(action).toMatchObject({ action: 'accepted', entryAmountCents: 25_000, autoCloseProfitPercent: 3 });
    const audits = await w.t.db.select().from(auditLogs).where(eq(auditLogs.action, 'trade.open'));
    expect(audits.at(-1)?.details).toMatchObject({
      tradeId: body.trade.id,
      before: { availableCents: 100_000, positionsCents: 0 },
      after: { availableCents: 75_000, positionsCents: 25_000 },
    });

    const mine = w.events.filter((e) => e.rooms.includes(`user:${alice.id}`));
    expect(mine.find((e) => e.event === 'trade_update')?.payload).toMatchObject({
      id: body.trade.id,
      status: 'open',
    });
    expect(mine.find((e) => e.event === 'balance_update')?.payload).toEqual({ balance: 750, held: 0 });

    // The answer is the trade as stored: the trades list reads the same one.
    const listed = await w.t.app.inject({ method: 'GET', url: '/api/trades/trades', headers: alice.auth });
    const stored = listTradesResponseSchema.parse(listed.json()).trades.find((t) => t.id === body.trade.id);
    expect(stored).toEqual(body.trade);

    // The accepted offer leaves Alice's list at once.
    const list = await w.t.app.inject({ method: 'GET', url: '/api/offers', headers: alice.auth });
    expect(listOffersResponseSchema.parse(list.json()).data.map((o) => o.id)).not.toContain(offerId);
  });

  it("takes the trader's default auto-close from their preferences when none is sent", async () => {
    const res = await w.accept(alice, await w.offer('ETH/USD'), { entryAmount: 100 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ trade: { autoCloseProfitPercent: 5, pair: 'ETH/USD' } });

    const saved = await w.t.app.inject({
      method: 'PUT',
      url: '/api/users/preferences',
      headers: alice.auth,
      payload: { defaultAutoCloseProfitPercent: 2.5 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const next = await w.accept(alice, await w.offer('ETH/USD', { positionType: 'quick_long' }), {
      entryAmount: 100,
    });
    expect(next.json()).toMatchObject({ trade: { autoCloseProfitPercent: 2.5 } });
  });

  it('answers a retry with the same Idempotency-Key from the first, opening one trade', async () => {
    const bob = await w.trader('Bob', 50_000);
    const offerId = await w.offer('BTC/USD', { positionType: 'quick_long' });
    const first = await w.accept(bob, offerId, { entryAmount: 100 }, 'accept-key-0001');
    const again = await w.accept(bob, offerId, { entryAmount: 100 }, 'accept-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await w.t.db.select().from(trades).where(eq(trades.userId, bob.id))).toHaveLength(1);
    expect(await w.balances(bob)).toMatchObject({ availableCents: 40_000, positionsCents: 10_000 });
    // The same key with another body is refused; without a key the second accept is a second action.
    expect((await w.accept(bob, offerId, { entryAmount: 120 }, 'accept-key-0001')).statusCode).toBe(422);
    const twice = await w.accept(bob, offerId, { entryAmount: 100 });
    expect([twice.statusCode, twice.json()]).toEqual([
      409,
      { error: 'You have already acted on this offer' },
    ]);
  });

  it('marks the trade failed and returns the entry when the order fails; a retry gets the same 502', async () => {
    const carol = await w.trader('Carol', 30_000);
    const offerId = await w.offer('BTC/USD', { positionType: 'scalp_long' });
    w.executor.failNext('EOrder:Insufficient funds');
    const res = await w.accept(carol, offerId, { entryAmount: 200 }, 'accept-key-fail-1');
    expect([res.statusCode, res.json()]).toEqual([502, { error: 'Order failed: EOrder:Insufficient funds' }]);
    expect(await w.balances(carol)).toEqual({ availableCents: 30_000, heldCents: 0, positionsCents: 0 });
    const [row] = await w.t.db.select().from(trades).where(eq(trades.userId, carol.id));
    expect(row).toMatchObject({ status: 'failed', closeReason: 'error', profitCents: 0 });
    const legs = await w.t.db.select().from(ledgerEntries).where(eq(ledgerEntries.tradeId, row!.id));
    expect(legs.reduce((sum, l) => sum + l.amountCents, 0)).toBe(0);
    expect(legs).toHaveLength(4);

    const retry = await w.accept(carol, offerId, { entryAmount: 200 }, 'accept-key-fail-1');
    expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([502, 'true']);
    const updates = w.events.filter((e) => isBusEvent(e, 'trade_update') && e.payload.id === row!.id);
    expect(updates.map((e) => (e.payload as { status: string }).status)).toEqual(['failed']);
  });

  it('opens a short on paper: a sell by quote amount, closed later by a buy', async () => {
    const dave = await w.trader('Dave', 20_000);
    const offerId = await w.offer('ETH/USD', { positionType: 'short' });
    const res = await w.accept(dave, offerId, { entryAmount: 150 });
    expect(res.statusCode, res.body).toBe(200);
    expect(w.executor.orders.at(-1)).toMatchObject({ side: 'sell', symbol: 'ETH/USD' });
    const [row] = await w.t.db.select().from(trades).where(eq(trades.userId, dave.id));
    expect(row).toMatchObject({ side: 'sell', direction: 'short', status: 'open' });
    expect(Number(row!.stopLossPrice)).toBeCloseTo(2_000 * 1.012, 6);
  });
});

describe('accept with a spot exchange (kraken executor)', () => {
  let w: TradingWorld;
  beforeAll(async () => {
    w = await createTradingWorld({ executorName: 'kraken' });
  });
  afterAll(async () => w.close());

  it('cannot open a short: the trade fails and the funds come back, no order sent', async () => {
    const erin = await w.trader('Erin', 20_000);
    const offerId = await w.offer('BTC/USD', { positionType: 'short' });
    const res = await w.accept(erin, offerId, { entryAmount: 100 });
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toMatch(/^Order failed: .*short/);
    expect(w.executor.orders).toHaveLength(0);
    expect(await w.balances(erin)).toEqual({ availableCents: 20_000, heldCents: 0, positionsCents: 0 });
    const [row] = await w.t.db.select().from(trades).where(eq(trades.userId, erin.id));
    expect(row).toMatchObject({ status: 'failed', closeReason: 'error' });
  });
});
