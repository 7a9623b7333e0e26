import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRADING_NOT_HALTED,
  adminTradingHaltSchema,
  tradingHaltSchema,
  tradingHaltedMessage,
} from '../../../contract/trading-halt';
import { acceptOfferResponseSchema } from '../../../contract/offers';
import { auditLogs, ledgerEntries, trades, userOffers } from '../../db/schema';
import { isBusEvent } from '../../realtime/event-bus';
import type { TestUser } from '../../testing/test-app';
import { createTradingWorld, type TradingWorld } from '../trading/testing/trading-fixture';

const REASON = 'Exchange maintenance until 14:00 UTC';

/**
 * The kill switch through HTTP on a real database (issue #20, item 3): only admins halt and
 * resume, with a reason; while halted every accept is refused with that reason and moves nothing,
 * even one already past its first check when the halt commits; open trades still close; both
 * changes are audited and announced to every signed-in socket.
 */
describe('the kill switch', () => {
  let w: TradingWorld;
  let trader: TestUser;
  beforeAll(async () => {
    w = await createTradingWorld();
    trader = await w.trader('Halted Harry', 100_000);
  });
  afterAll(async () => w.close());

  const post = (user: TestUser | null, url: string, payload?: object) =>
    w.t.app.inject({ method: 'POST', url, headers: user?.auth ?? {}, ...(payload && { payload }) });
  const halt = (user: TestUser | null, payload: object) => post(user, '/api/admin/trading/halt', payload);
  const resume = (user: TestUser | null) => post(user, '/api/admin/trading/resume');
  const traderView = async () => {
    const res = await w.t.app.inject({ method: 'GET', url: '/api/trades/halt', headers: trader.auth });
    expect(res.statusCode, res.body).toBe(200);
    return tradingHaltSchema.parse(res.json());
  };
  const haltAudits = () =>
    w.t.db.select().from(auditLogs).where(like(auditLogs.action, 'trading.%')).orderBy(auditLogs.id);

  /** Everything an accept could move or record for the trader. */
  async function money() {
    return {
      balances: await w.balances(trader),
      trades: (await w.t.db.select().from(trades).where(eq(trades.userId, trader.id))).length,
      actions: (await w.t.db.select().from(userOffers).where(eq(userOffers.userId, trader.id))).length,
      entries: (await w.t.db.select().from(ledgerEntries)).length,
    };
  }

  it('is refused to anyone but an admin, and to bad reasons, with nothing changed', async () => {
    expect((await halt(null, { reason: REASON })).statusCode).toBe(401);
    expect((await resume(null)).statusCode).toBe(401);
    const refused = await halt(trader, { reason: REASON });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Admin access required' });
    expect((await resume(trader)).statusCode).toBe(403);
    const read = await w.t.app.inject({
      method: 'GET',
      url: '/api/admin/trading/halt',
      headers: trader.auth,
    });
    expect(read.statusCode).toBe(403);

    for (const payload of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'two\nlines' },
      { reason: 42 },
      { reason: REASON, until: 'tomorrow' },
    ]) {
      const res = await halt(w.admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json<object>())).toEqual(['error']);
    }
    expect(await traderView()).toEqual({ halted: false, reason: null, haltedAt: null });
    expect(await haltAudits()).toEqual([]);
    // Nothing to resume: 409, and still nothing audited.
    const idle = await resume(w.admin);
    expect(idle.statusCode).toBe(409);
    expect(idle.json()).toEqual({ error: TRADING_NOT_HALTED });
    expect(await haltAudits()).toEqual([]);
  });

  it('halts with a trimmed reason: traders read it, sockets hear it, the audit names who and why', async () => {
    const seen = w.events.length;
    const res = await halt(w.admin, { reason: `  ${REASON}  ` });
    expect(res.statusCode, res.body).toBe(200);
    const answered = adminTradingHaltSchema.parse(res.json());
    expect(answered).toMatchObject({ halted: true, reason: REASON });
    expect(answered.haltedBy).toMatchObject({ id: w.admin.id, email: w.admin.email });
    expect(await traderView()).toEqual({ halted: true, reason: REASON, haltedAt: answered.haltedAt });

    const announced = w.events.slice(seen).filter((m) => isBusEvent(m, 'trading_halt'));
    expect(announced.map((m) => [m.rooms, m.payload])).toEqual([
      [['traders'], { halted: true, reason: REASON, haltedAt: answered.haltedAt }],
    ]);
    const [audit] = await haltAudits();
    expect(audit).toMatchObject({ userId: w.admin.id, action: 'trading.halt' });
    expect(audit!.details).toMatchObject({
      before: { halted: false },
      after: { halted: true, reason: REASON },
    });
  });

  it('refuses every accept with the reason (423) and moves nothing, with or without a key', async () => {
    const offerId = await w.offer('BTC/USD');
    const before = await money();
    for (const key of [undefined, 'halted-accept-key-1']) {
      const res = await w.accept(trader, offerId, { entryAmount: 100 }, key);
      expect(res.statusCode, res.body).toBe(423);
      expect(res.json()).toEqual({ error: tradingHaltedMessage(REASON) });
    }
    // Refused before anything is looked up: an unknown offer gets the same answer.
    const unknown = await w.accept(trader, '5a0c7a43-0000-4000-8000-000000000000', { entryAmount: 100 });
    expect(unknown.statusCode).toBe(423);
    expect(await money()).toEqual(before);
  });

  it('halting again replaces the reason and keeps the start of the halt', async () => {
    const first = await traderView();
    const res = await halt(w.admin, { reason: 'Still checking the exchange' });
    expect(res.statusCode).toBe(200);
    expect(await traderView()).toEqual({
      halted: true,
      reason: 'Still checking the exchange',
      haltedAt: first.haltedAt,
    });
    expect((await haltAudits()).map((a) => a.action)).toEqual(['trading.halt', 'trading.halt']);
  });

  it('resumes: accepts work again, the resume is audited and a second resume is refused', async () => {
    const res = await resume(w.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ halted: false, reason: null, haltedAt: null, haltedBy: null });
    expect(await traderView()).toEqual({ halted: false, reason: null, haltedAt: null });
    const audits = await haltAudits();
    expect(audits.at(-1)).toMatchObject({ userId: w.admin.id, action: 'trading.resume' });
    expect(audits.at(-1)!.details).toMatchObject({
      before: { halted: true, reason: 'Still checking the exchange' },
      after: { halted: false, reason: null },
    });

    const accepted = await w.accept(trader, await w.offer('ETH/USD'), { entryAmount: 100 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(acceptOfferResponseSchema.parse(accepted.json()).trade.status).toBe('open');
    expect((await resume(w.admin)).statusCode).toBe(409);
    expect(await haltAudits()).toHaveLength(audits.length);
  });

  it('keeps the exits of open trades: a trade opened before the halt closes at its auto-close', async () => {
    w.market.setPrice('BTC/USD', 50_000);
    const opened = await w.accept(trader, await w.offer('BTC/USD', { positionType: 'quick_long' }), {
      entryAmount: 200,
      autoCloseProfitPercent: 1,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const tradeId = acceptOfferResponseSchema.parse(opened.json()).trade.id;
    expect((await halt(w.admin, { reason: REASON })).statusCode).toBe(200);

    w.market.setPrice('BTC/USD', 51_500);
    await w.t.app.worker.runNow('trade-monitor');
    const [row] = await w.t.db
      .select()
      .from(trades)
      .where(and(eq(trades.id, tradeId), eq(trades.userId, trader.id)));
    expect(row).toMatchObject({ status: 'closed', closeReason: 'auto_close' });
    expect((await resume(w.admin)).statusCode).toBe(200);
  });

  it('refuses an accept that passed its first check before the halt committed', async () => {
    w.market.setPrice('BTC/USD', 50_000);
    const offerId = await w.offer('BTC/USD', { positionType: 'scalp_long' });
    const before = await money();
    // The accept reads the order book between its first check and its step A: hold it there.
    const readBook = w.market.fetchOrderBook.bind(w.market);
    let reachedBook!: () => void;
    let releaseBook!: () => void;
    const atBook = new Promise<void>((resolve) => (reachedBook = resolve));
    const released = new Promise<void>((resolve) => (releaseBook = resolve));
    w.market.fetchOrderBook = async (...args) => {
      reachedBook();
      await released;
      return readBook(...args);
    };
    try {
      const pending = w.accept(trader, offerId, { entryAmount: 100 });
      await atBook;
      expect((await halt(w.admin, { reason: REASON })).statusCode).toBe(200);
      releaseBook();
      const res = await pending;
      expect(res.statusCode, res.body).toBe(423);
      expect(res.json()).toEqual({ error: tradingHaltedMessage(REASON) });
      expect(await money()).toEqual(before);
    } finally {
      w.market.fetchOrderBook = readBook;
      releaseBook();
    }
    expect((await resume(w.admin)).statusCode).toBe(200);
  });
});
