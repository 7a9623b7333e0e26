import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptOfferResponseSchema } from '../../../contract/offers';
import { listTradesResponseSchema } from '../../../contract/trades';
import { actionLogs, ledgerEntries, payments, trades, userOffers } from '../../db/schema';
import type { Fill } from '../../providers/execution';
import { isBusEvent } from '../../realtime/event-bus';
import type { TestUser } from '../../testing/test-app';
import { HOLD_ON_GRACE_MS } from '../offers/gate-offer';
import { closeOrderId } from './trade-monitor';
import { createTradingWorld, type TradingWorld } from './testing/trading-fixture';

const netProfitCents = (side: 'buy' | 'sell', entry: Fill, exit: Fill) => {
  const gross =
    side === 'buy'
      ? exit.quoteAmount - exit.feeQuote - (entry.quoteAmount + entry.feeQuote)
      : entry.quoteAmount - entry.feeQuote - (exit.quoteAmount + exit.feeQuote);
  return Math.round(gross * 100);
};

/**
 * The worker's trade monitor on a hand-moved market: trades close at their auto-close profit, at
 * the stop-loss and at expiration with the P&L of their real fills, the result and the automatic
 * tip land in the ledger, and until then the trades list shows the unrealised profit.
 */
describe('trade monitor', () => {
  let w: TradingWorld;
  beforeAll(async () => {
    w = await createTradingWorld();
  });
  afterAll(async () => w.close());

  const monitor = () => w.t.app.worker.runNow('trade-monitor');
  const tradeRow = async (id: string) => (await w.t.db.select().from(trades).where(eq(trades.id, id)))[0]!;
  async function open(
    user: TestUser,
    symbol: string,
    body: object,
    spec: Parameters<TradingWorld['offer']>[1] = {},
  ) {
    const offerId = await w.offer(symbol, spec);
    const res = await w.accept(user, offerId, body);
    expect(res.statusCode, res.body).toBe(200);
    return {
      offerId,
      trade: acceptOfferResponseSchema.parse(res.json()).trade,
      entry: w.executor.fills.at(-1)!,
    };
  }

  it('shows unrealised profit while open, then closes at the auto-close percent with the auto tip', async () => {
    w.market.setPrice('BTC/USD', 50_000);
    const alice = await w.trader('Alice', 100_000);
    const { offerId, trade, entry } = await open(alice, 'BTC/USD', {
      entryAmount: 200,
      autoCloseProfitPercent: 2,
    });

    w.market.setPrice('BTC/USD', 50_500);
    await monitor();
    const list = await w.t.app.inject({ method: 'GET', url: '/api/trades/trades', headers: alice.auth });
    const listed = listTradesResponseSchema.parse(list.json()).trades[0]!;
    expect(listed).toMatchObject({ id: trade.id, status: 'open' });
    // +1 % on the price, less both fees, the spread and the exit's slippage: about +0.47 %.
    expect(listed.profit).toBeGreaterThan(0.4);
    expect(listed.profit).toBeLessThan(0.5);

    w.market.setPrice('BTC/USD', 51_500);
    await monitor();
    const row = await tradeRow(trade.id);
    const exit = w.executor.fills.at(-1)!;
    expect(w.executor.orders.at(-1)).toMatchObject({
      side: 'sell',
      quantity: entry.quantity,
      clientOrderId: closeOrderId(trade.id, row.closeClaimedAt!),
    });
    const p = netProfitCents('buy', entry, exit);
    expect(p).toBeGreaterThan(400);
    expect(row).toMatchObject({
      status: 'closed',
      closeReason: 'auto_close',
      profitCents: p,
      feeCents: Math.round((entry.feeQuote + exit.feeQuote) * 100),
    });
    expect(Number(row.exitPrice)).toBe(exit.averagePrice);
    expect(row.profitPercent).toBeCloseTo((p / 20_000) * 100, 10);
    expect(row.closedAt).not.toBeNull();

    const tip = Math.floor((p * 5) / 100);
    expect(await w.balances(alice)).toEqual({
      availableCents: 100_000 + p - tip,
      heldCents: 0,
      positionsCents: 0,
    });
    const [autoTip] = await w.t.db.select().from(payments).where(eq(payments.tradeId, trade.id));
    expect(autoTip).toMatchObject({
      type: 'tip',
      auto: true,
      status: 'completed',
      amountCents: tip,
      userId: alice.id,
    });
    const closeLegs = await w.t.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tradeId, trade.id), eq(ledgerEntries.kind, 'trade_close')));
    expect(closeLegs.map((l) => l.amountCents).sort((a, b) => a - b)).toEqual([-20_000, -p, 20_000 + p]);
    const [action] = await w.t.db.select().from(userOffers).where(eq(userOffers.offerId, offerId));
    expect(action!.profitPercent).toBeCloseTo(row.profitPercent!, 10);

    const updates = w.events.filter((e) => isBusEvent(e, 'trade_update') && e.payload.id === trade.id);
    expect(updates.at(-1)?.payload).toMatchObject({ status: 'closed', closeReason: 'auto_close' });
    const balance = w.events.filter(
      (e) => e.event === 'balance_update' && e.rooms.includes(`user:${alice.id}`),
    );
    expect(balance.at(-1)?.payload).toEqual({ balance: (100_000 + p - tip) / 100, held: 0 });

    // Closed once: further ticks leave it alone.
    const orders = w.executor.orders.length;
    await monitor();
    expect(w.executor.orders.length).toBe(orders);
  });

  it("takes the automatic tip at the trader's own autoTipPercent", async () => {
    w.market.setPrice('BTC/USD', 50_000);
    const gina = await w.trader('Gina', 50_000);
    const saved = await w.t.app.inject({
      method: 'PUT',
      url: '/api/users/preferences',
      headers: gina.auth,
      payload: { autoTipPercent: 12 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { trade, entry } = await open(
      gina,
      'BTC/USD',
      { entryAmount: 300, autoCloseProfitPercent: 1 },
      {
        positionType: 'ml_scalp_bullish',
      },
    );
    w.market.setPrice('BTC/USD', 51_000);
    await monitor();
    const p = netProfitCents('buy', entry, w.executor.fills.at(-1)!);
    expect(await tradeRow(trade.id)).toMatchObject({ status: 'closed', profitCents: p });
    const [tip] = await w.t.db.select().from(payments).where(eq(payments.tradeId, trade.id));
    expect(tip?.amountCents).toBe(Math.floor((p * 12) / 100));
    expect(await w.balances(gina)).toMatchObject({ availableCents: 50_000 + p - tip!.amountCents });
  });

  it("closes at the offer's stop-loss with the loss booked to the market and no tip", async () => {
    w.market.setPrice('ETH/USD', 2_000);
    const bob = await w.trader('Bob', 50_000);
    const { trade, entry } = await open(bob, 'ETH/USD', { entryAmount: 100 }, { stopLossPercent: 1 });
    w.market.setPrice('ETH/USD', 1_985);
    await monitor();
    expect((await tradeRow(trade.id)).status).toBe('open');

    w.market.setPrice('ETH/USD', 1_979);
    await monitor();
    const row = await tradeRow(trade.id);
    const p = netProfitCents('buy', entry, w.executor.fills.at(-1)!);
    expect(p).toBeLessThan(-100);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'stop_loss', profitCents: p });
    expect(await w.balances(bob)).toEqual({ availableCents: 50_000 + p, heldCents: 0, positionsCents: 0 });
    expect(await w.t.db.select().from(payments).where(eq(payments.tradeId, trade.id))).toEqual([]);
  });

  it("closes at the offer's expiration whatever the profit", async () => {
    w.market.setPrice('BTC/USD', 50_000);
    const carol = await w.trader('Carol', 50_000);
    const { trade } = await open(carol, 'BTC/USD', { entryAmount: 100 }, { positionType: 'quick_long' });
    await monitor();
    expect((await tradeRow(trade.id)).status).toBe('open');
    await w.t.db
      .update(trades)
      .set({ expiresAt: new Date(w.market.now() - 1_000) })
      .where(eq(trades.id, trade.id));
    await monitor();
    const row = await tradeRow(trade.id);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'expired' });
    expect(row.profitCents).toBeLessThan(0);
    expect(await w.balances(carol)).toMatchObject({
      availableCents: 50_000 + row.profitCents!,
      positionsCents: 0,
    });
  });

  it("judges the expiration on the market's clock, which a fast simulated market runs ahead of the wall", async () => {
    w.market.setPrice('BTC/USD', 50_000);
    const erin = await w.trader('Erin', 50_000);
    const { trade } = await open(erin, 'BTC/USD', { entryAmount: 100 }, { positionType: 'quick_short' });
    // Due in an hour of market time, still an hour away on the wall clock.
    await w.t.db
      .update(trades)
      .set({ expiresAt: new Date(Math.max(Date.now(), w.market.now()) + 3_600_000) })
      .where(eq(trades.id, trade.id));
    await monitor();
    expect((await tradeRow(trade.id)).status).toBe('open');
    w.market.clock.advance(Math.max(Date.now(), w.market.now()) - w.market.now() + 3_601_000);
    await monitor();
    expect(await tradeRow(trade.id)).toMatchObject({ status: 'closed', closeReason: 'expired' });
  });

  it("ends a family offer's trade on the market's clock: at its horizon plus grace, or once the family lets go", async () => {
    w.market.setPrice('ETH/USD', 2_000);
    const frank = await w.trader('Frank', 50_000);
    const entryAt = w.market.now();
    const { offerId, trade } = await open(
      frank,
      'ETH/USD',
      { entryAmount: 100 },
      {
        // A slot of its own (an earlier test holds the pair's long); the side is a buy all the same.
        positionType: 'hedge_long',
        takeProfitPercent: null,
        stopLossPercent: null,
        provenance: {
          figures: {},
          entryAt: new Date(entryAt).toISOString(),
          gate: {
            family: 'ts-trend',
            variant: 'rule=breakout,days=5',
            decidedAt: new Date(entryAt).toISOString(),
          },
        },
      },
    );
    const row = await tradeRow(trade.id);
    expect(row).toMatchObject({ takeProfitPrice: null, stopLossPrice: null });
    // The offer's horizon (a day here) plus the grace its family keeps for the next daily close.
    expect(row.expiresAt?.getTime()).toBe(entryAt + 24 * 3_600_000 + HOLD_ON_GRACE_MS);
    // No stop: a fall of a quarter leaves it open.
    w.market.setPrice('ETH/USD', 1_500);
    await monitor();
    expect((await tradeRow(trade.id)).status).toBe('open');
    // The family lets the position go: the trade ends now, on the market's clock.
    await w.t.app.trading.moveTradeEnds(offerId, new Date(w.market.now()));
    await monitor();
    expect(await tradeRow(trade.id)).toMatchObject({ status: 'closed', closeReason: 'expired' });
  });

  it('closes a paper short in profit when the price falls (profit = entry − exit)', async () => {
    w.market.setPrice('ETH/USD', 2_000);
    const dave = await w.trader('Dave', 50_000);
    const { trade, entry } = await open(
      dave,
      'ETH/USD',
      { entryAmount: 300, autoCloseProfitPercent: 1.5 },
      {
        positionType: 'short',
      },
    );
    w.market.setPrice('ETH/USD', 1_950);
    await monitor();
    const row = await tradeRow(trade.id);
    const exit = w.executor.fills.at(-1)!;
    expect(w.executor.orders.at(-1)).toMatchObject({ side: 'buy', quantity: entry.quantity });
    const p = netProfitCents('sell', entry, exit);
    expect(p).toBeGreaterThan(0);
    expect(row).toMatchObject({ status: 'closed', closeReason: 'auto_close', profitCents: p });
    const tip = Math.floor((p * 5) / 100);
    expect(await w.balances(dave)).toEqual({
      availableCents: 50_000 + p - tip,
      heldCents: 0,
      positionsCents: 0,
    });
  });

  it('keeps the trade open when its exit fails, logs it, and closes it on a later tick', async () => {
    w.market.setPrice('BTC/USD', 50_000);
    const erin = await w.trader('Erin', 50_000);
    const { trade } = await open(
      erin,
      'BTC/USD',
      { entryAmount: 100, autoCloseProfitPercent: 1 },
      { positionType: 'scalp_long' },
    );
    w.market.setPrice('BTC/USD', 51_000);
    w.executor.failNext('EService:Unavailable');
    await monitor();
    expect(await tradeRow(trade.id)).toMatchObject({ status: 'open', closeClaimedAt: null });
    expect(await w.balances(erin)).toMatchObject({ positionsCents: 10_000 });
    const logged = await w.t.db.select().from(actionLogs).where(eq(actionLogs.action, 'trade-monitor'));
    expect(logged.at(-1)).toMatchObject({ status: 'error', pair: 'BTC/USD' });
    expect(JSON.stringify(logged.at(-1)?.details)).toContain('EService:Unavailable');

    await monitor();
    expect(await tradeRow(trade.id)).toMatchObject({ status: 'closed', closeReason: 'auto_close' });
    expect(await w.balances(erin)).toMatchObject({ positionsCents: 0 });
  });

  it('returns the entry of a trade whose entry order never answered (paper)', async () => {
    const frank = await w.trader('Frank', 10_000);
    const { ledger } = w.t.app;
    const [stuck] = await w.t.db
      .insert(trades)
      .values({
        userId: frank.id,
        pair: 'BTC/USD',
        positionType: 'long',
        direction: 'long',
        side: 'buy',
        amountCents: 4_000,
        quantity: '0.0008',
        entryPrice: '50000',
        openedAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    await ledger.transact((tx) =>
      ledger.post(tx, {
        tradeId: stuck!.id,
        legs: [
          { userId: frank.id, account: 'user_available', amountCents: -4_000, kind: 'trade_open' },
          { userId: frank.id, account: 'user_positions', amountCents: 4_000, kind: 'trade_open' },
        ],
      }),
    );
    await monitor();
    expect(await tradeRow(stuck!.id)).toMatchObject({ status: 'failed', closeReason: 'error' });
    expect(await w.balances(frank)).toEqual({ availableCents: 10_000, heldCents: 0, positionsCents: 0 });
  });
});
