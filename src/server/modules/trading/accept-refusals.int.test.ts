import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candles, ledgerEntries, offers, trades, userOffers } from '../../db/schema';
import type { TestUser } from '../../testing/test-app';
import { createTradingWorld, setOrderMinimums, type TradingWorld } from './testing/trading-fixture';

const HOUR = 3_600_000;

/**
 * Every reason an accept is refused, each with its message, and nothing moved: the trader's
 * balances, trades, ledger entries and recorded actions are exactly as before the call.
 */
describe('accept refusals', () => {
  let w: TradingWorld;
  let trader: TestUser;
  beforeAll(async () => {
    w = await createTradingWorld();
    trader = await w.trader('Refused', 50_000);
  });
  afterAll(async () => w.close());
  beforeEach(() => {
    w.market.setPrice('BTC/USD', 50_000);
    w.market.setBook('BTC/USD', { spreadPercent: 0.02, stepPercent: 0.01, levelQuote: 200_000, levels: 100 });
  });

  async function snapshot() {
    return {
      balances: await w.balances(trader),
      trades: (await w.t.db.select().from(trades).where(eq(trades.userId, trader.id))).length,
      actions: (await w.t.db.select().from(userOffers).where(eq(userOffers.userId, trader.id))).length,
      entries: (await w.t.db.select().from(ledgerEntries)).length,
    };
  }

  /** A BTC/USD minute candle starting the minute after `entryAt` whose low is `low`. */
  const dipAfter = (entryAt: number, low: string) =>
    w.t.db.insert(candles).values({
      pairId: w.pairIds.get('BTC/USD')!,
      interval: '1m',
      openTime: new Date(Math.floor(entryAt / 60_000) * 60_000 + 60_000),
      open: '50000',
      high: '50010',
      low,
      close: '49990',
      volume: '3',
    });

  async function refused(offerId: string, body: object, status: number, message: string | RegExp) {
    const before = await snapshot();
    const res = await w.accept(trader, offerId, body);
    expect(res.statusCode, res.body).toBe(status);
    const { error } = res.json<{ error: string }>();
    if (typeof message === 'string') expect(error).toBe(message);
    else expect(error).toMatch(message);
    expect(await snapshot()).toEqual(before);
    return error;
  }

  it('validates the body with the spec messages', async () => {
    const offerId = await w.offer('BTC/USD');
    await refused(offerId, {}, 400, /Invalid entry amount/);
    await refused(offerId, { entryAmount: 0 }, 400, /Invalid entry amount/);
    await refused(offerId, { entryAmount: 'ten' }, 400, /Invalid entry amount/);
    await refused(offerId, { entryAmount: 10.005 }, 400, /Invalid entry amount/);
    await refused(
      offerId,
      { entryAmount: 10, autoCloseProfitPercent: 0 },
      400,
      /Invalid auto-close profit percent/,
    );
    await refused(
      offerId,
      { entryAmount: 10, autoCloseProfitPercent: -2 },
      400,
      /Invalid auto-close profit percent/,
    );
  });

  it('404 for an unknown offer', async () => {
    await refused('5a0c7a43-0000-4000-8000-000000000000', { entryAmount: 10 }, 404, 'Offer not found');
    await refused('not-a-uuid', { entryAmount: 10 }, 404, 'Offer not found');
  });

  it('409 when the offer is no longer live', async () => {
    const expired = await w.offer('BTC/USD', { positionType: 'hedge_long', status: 'expired' });
    await refused(expired, { entryAmount: 10 }, 409, 'Offer is no longer available');
    const closed = await w.offer('BTC/USD', { positionType: 'hedge_short', status: 'closed' });
    await refused(closed, { entryAmount: 10 }, 409, 'Offer is no longer available');
    const past = await w.offer('BTC/USD', {
      positionType: 'hedge_balanced',
      createdAt: new Date(Date.now() - 30 * HOUR),
      expiresAt: new Date(Date.now() - HOUR),
    });
    await refused(past, { entryAmount: 10 }, 409, 'Offer is no longer available');
  });

  it('409 when the trader already acted on the offer (a reject counts)', async () => {
    const offerId = await w.offer('ETH/USD', { positionType: 'quick_long' });
    const reject = await w.t.app.inject({
      method: 'POST',
      url: `/api/offers/${offerId}/reject`,
      headers: trader.auth,
    });
    expect([reject.statusCode, reject.json()]).toEqual([200, { ok: true }]);
    await refused(offerId, { entryAmount: 10 }, 409, 'You have already acted on this offer');
  });

  it('409 naming the prices when the price is past the stop-loss now', async () => {
    const offerId = await w.offer('BTC/USD', { positionType: 'scalp_long', stopLossPercent: 1 });
    w.market.setPrice('BTC/USD', 49_400);
    await refused(
      offerId,
      { entryAmount: 10 },
      409,
      "Price has passed the offer's stop-loss: stop-loss 49500.00, current price 49400.00",
    );
    // A short's stop-loss sits above its entry.
    w.market.setPrice('BTC/USD', 50_000);
    const short = await w.offer('BTC/USD', { positionType: 'scalp_short', stopLossPercent: 1 });
    w.market.setPrice('BTC/USD', 50_600);
    await refused(short, { entryAmount: 10 }, 409, /stop-loss 50500\.00, current price 50600\.00/);
  });

  it('409 when the price went past the stop-loss since the offer was made, even if back now', async () => {
    const offerId = await w.offer('BTC/USD', {
      positionType: 'quick_short',
      side: 'buy',
      stopLossPercent: 1,
    });
    const [offer] = await w.t.db.select().from(offers).where(eq(offers.id, offerId));
    const entryAt = Date.parse(String(offer!.provenance!.entryAt));
    await dipAfter(entryAt, '49450');
    await refused(
      offerId,
      { entryAmount: 10 },
      409,
      "Price passed the offer's stop-loss since the offer was made: stop-loss 49500.00, low 49450.00",
    );
  });

  it("judges the stop-loss from the offer's recorded entry time, not from when its row was written", async () => {
    // Priced half an hour before it was stored: the minutes in between count.
    const entryAt = w.market.now() - 30 * 60_000;
    const offerId = await w.offer('BTC/USD', {
      positionType: 'scalp_balanced',
      side: 'buy',
      stopLossPercent: 1,
      provenance: { figures: {}, entryAt: new Date(entryAt).toISOString() },
    });
    await dipAfter(entryAt, '49400');
    await refused(
      offerId,
      { entryAmount: 10 },
      409,
      "Price passed the offer's stop-loss since the offer was made: stop-loss 49500.00, low 49400.00",
    );
  });

  it('400 when the entry is more than the available balance', async () => {
    const offerId = await w.offer('BTC/USD', { positionType: 'ml_scalp_bullish' });
    await refused(
      offerId,
      { entryAmount: 500.01 },
      400,
      'Insufficient balance: available $500.00, entry $500.01',
    );
  });

  it("400 naming the pair's minimum order", async () => {
    const offerId = await w.offer('ETH/USD', { positionType: 'scalp_long' });
    await setOrderMinimums(w, 'ETH/USD', { orderMin: 0.01, costMin: 0.5 });
    // 0.01 ETH at the best ask (2000.2) is $20.002, $20.06 with the 0.26 % fee.
    await refused(
      offerId,
      { entryAmount: 20 },
      400,
      'Entry below the minimum order for ETH/USD: at least $20.06 (0.01 ETH at 2000.20), entry $20.00',
    );
    await setOrderMinimums(w, 'ETH/USD', { orderMin: null, costMin: 25 });
    await refused(
      offerId,
      { entryAmount: 20 },
      400,
      'Entry below the minimum order for ETH/USD: at least $25.07, entry $20.00',
    );
    await setOrderMinimums(w, 'ETH/USD', { orderMin: null, costMin: null });
  });

  it('400 with the figures when a thin book leaves no expected profit after costs', async () => {
    const offerId = await w.offer('BTC/USD', {
      positionType: 'ml_scalp_neutral',
      expectedProfitPercent: 0.3,
      feePercent: 0.52,
    });
    // $50 per level, 0.1 % apart: a $400 entry walks eight levels.
    w.market.setBook('BTC/USD', { levelQuote: 50, stepPercent: 0.1 });
    const error = await refused(
      offerId,
      { entryAmount: 400 },
      400,
      /^Expected profit after costs is not positive: expected 0\.82%, fees 0\.52%, slippage 0\.\d\d%, spread 0\.02%, net -0\.\d\d%$/,
    );
    const figures = error.match(/-?\d+\.\d+/g)!.map(Number);
    const [expected, fees, slippage, spread, net] = figures;
    expect(net).toBeCloseTo(expected! - fees! - slippage! - spread!, 1);
    // The same offer on a deep book passes the cost check.
    w.market.setBook('BTC/USD', { levelQuote: 200_000, stepPercent: 0.01 });
    const res = await w.accept(trader, offerId, { entryAmount: 10 });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('400 when the book cannot fill the entry at all', async () => {
    const offerId = await w.offer('BTC/USD', { positionType: 'quick_long' });
    w.market.setBook('BTC/USD', { levelQuote: 10, levels: 3 });
    await refused(
      offerId,
      { entryAmount: 100 },
      400,
      'Order book too thin for this entry: $30.00 of BTC/USD on offer, entry $100.00',
    );
  });

  it('503 when there is no order book to price the entry', async () => {
    const offerId = await w.offer('ETH/USD', { positionType: 'quick_short' });
    w.market.failBook('ETH/USD');
    await refused(
      offerId,
      { entryAmount: 10 },
      503,
      'No order book for ETH/USD right now; try again shortly',
    );
  });
});
