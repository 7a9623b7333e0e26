import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptOfferResponseSchema } from '../../../contract/offers';
import { ledgerEntries, payments, trades } from '../../db/schema';
import { createScriptedExecutor, type ScriptedExecutor } from './testing/scripted-executor';
import { createTradingWorld, type TradingWorld } from './testing/trading-fixture';
import { createTradingService, type TradingService } from './trading.service';

const POSITION_TYPES = ['long', 'scalp_long', 'quick_long', 'hedge_long', 'ml_scalp_bullish'] as const;
const silent = { info() {}, warn() {}, error() {} };

/**
 * Two trade monitors on one database, as two worker processes would run them, each with its own
 * executor: whatever the interleaving, every trade's exit is executed once and booked once.
 */
describe('two trade monitors at once', () => {
  let w: TradingWorld;
  let second: TradingService;
  let secondExecutor: ScriptedExecutor;
  beforeAll(async () => {
    w = await createTradingWorld();
    const app = w.t.app;
    secondExecutor = createScriptedExecutor(w.market);
    second = createTradingService({
      db: w.t.db,
      ledger: app.ledger,
      logs: app.logs,
      bus: app.bus,
      offers: app.offers,
      market: {
        pairBySymbol: (symbol) => app.market.pairBySymbol(symbol),
      },
      source: w.market,
      executor: secondExecutor,
      guardrails: () => app.settings.guardrails(),
      halt: app.settings,
      autoTrading: async () => ({ autoTipPercent: 5, defaultAutoCloseProfitPercent: 5 }),
      recordAutoTip: (tx, tip) => app.payments.recordAutoTip(tx, tip),
      takerFeePercent: 0.26,
      log: silent,
    });
  });
  afterAll(async () => w.close());

  /** Five trades of $100 on `symbol` (one live offer per pair and position type). */
  async function openFive(name: string, symbol: string, price: number) {
    w.market.setPrice(symbol, price);
    const trader = await w.trader(name, 100_000);
    const ids: string[] = [];
    for (const positionType of POSITION_TYPES) {
      const offerId = await w.offer(symbol, { positionType });
      const res = await w.accept(trader, offerId, { entryAmount: 100, autoCloseProfitPercent: 1 });
      expect(res.statusCode, res.body).toBe(200);
      ids.push(acceptOfferResponseSchema.parse(res.json()).trade.id);
    }
    return { trader, ids };
  }

  async function expectClosedOnce(ids: string[], exitOrders: string[]) {
    const rows = await w.t.db.select().from(trades).where(inArray(trades.id, ids));
    expect(rows.map((r) => r.status)).toEqual(ids.map(() => 'closed'));
    const exits = exitOrders.filter((id) => !ids.includes(id));
    expect(exits).toHaveLength(ids.length);
    expect(new Set(exits).size).toBe(ids.length);
    const closes = await w.t.db.select().from(ledgerEntries).where(inArray(ledgerEntries.tradeId, ids));
    for (const id of ids)
      expect(closes.filter((l) => l.tradeId === id && l.kind === 'trade_close').length).toBe(3);
    const tips = await w.t.db.select().from(payments).where(inArray(payments.tradeId, ids));
    expect(tips).toHaveLength(ids.length);
  }

  it('each exit runs once when both start together and their orders overlap', async () => {
    const { trader, ids } = await openFive('Racer', 'BTC/USD', 50_000);
    const ordersBefore = w.executor.orders.length;
    w.market.setPrice('BTC/USD', 51_000);
    const releaseFirst = w.executor.hold();
    const releaseSecond = secondExecutor.hold();
    const runs = Promise.all([w.t.app.trading.monitor(), second.monitor()]);
    // Both monitors have claimed a trade and wait inside its exit order.
    await expect.poll(() => w.executor.orders.length - ordersBefore, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => secondExecutor.orders.length, { timeout: 10_000 }).toBe(1);
    expect(w.executor.orders.at(-1)!.clientOrderId).not.toBe(secondExecutor.orders[0]!.clientOrderId);
    releaseFirst();
    releaseSecond();
    const [a, b] = await runs;
    expect(a.closed + b.closed).toBe(5);
    const exitIds = [...w.executor.orders.slice(ordersBefore), ...secondExecutor.orders].map(
      (o) => o.clientOrderId,
    );
    await expectClosedOnce(ids, exitIds);
    const balances = await w.balances(trader);
    expect(balances.positionsCents).toBe(0);
    expect(balances.availableCents).toBeGreaterThan(100_000);
  });

  it('retakes a close lease left by a stopped monitor only after it expires', async () => {
    const { ids } = await openFive('Lease', 'ETH/USD', 2_000);
    const [stale, fresh] = ids;
    await w.t.db
      .update(trades)
      .set({ closeClaimedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(trades.id, stale!));
    await w.t.db
      .update(trades)
      .set({ closeClaimedAt: new Date(Date.now() - 30_000) })
      .where(eq(trades.id, fresh!));
    w.market.setPrice('ETH/USD', 2_040);
    const result = await second.monitor();
    expect(result.closed).toBe(4);
    const rows = await w.t.db.select().from(trades).where(inArray(trades.id, ids));
    expect(rows.find((r) => r.id === stale)?.status).toBe('closed');
    expect(rows.find((r) => r.id === fresh)?.status).toBe('open');
  });
});
