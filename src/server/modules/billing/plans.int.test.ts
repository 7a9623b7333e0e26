import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMonthOf, freeLimitMessage, planViewSchema, type PlanView } from '../../../contract/billing';
import { POSITION_TYPES } from '../../../contract/enums';
import { auditLogs, offers, subscriptions, trades } from '../../db/schema';
import type { TestUser } from '../../testing/test-app';
import { createTradingWorld, type TradingWorld } from '../trading/testing/trading-fixture';

/*
 * Plans through HTTP with the simulated card provider (the embedded default): a Free trader's
 * 6th accept of the month is refused naming the plan, the limit and the reset date; an upgrade
 * lifts it; cancelling keeps Pro to the end of the paid period; concurrent accepts never beat
 * the limit; admins see every subscription.
 */
const PAIRS = ['BTC', 'ETH', 'SOL', 'ADA'].map((base, i) => ({ symbol: `${base}/USD`, price: 100 + i * 10 }));

describe('plans', () => {
  let w: TradingWorld;
  const subscribed: Record<string, TestUser> = {};
  beforeAll(async () => {
    w = await createTradingWorld({ pairs: PAIRS });
    // Only the plan limits what these traders accept.
    await w.setGuardrails({ maxOpenTrades: 1000, lossStreakLimit: 100, dailyLossCapPercent: 100 });
  });
  afterAll(async () => w.close());

  const as = (user: TestUser, method: 'GET' | 'POST', url: string) =>
    w.t.app.inject({ method, url, headers: user.auth, ...(method === 'POST' && { payload: {} }) });
  const planOf = async (user: TestUser): Promise<PlanView> =>
    planViewSchema.parse((await as(user, 'GET', '/api/billing/plan')).json());
  /** Live offers on every pair and position type, fresh (earlier ones expired). */
  async function freshOffers(count: number): Promise<string[]> {
    await w.t.db
      .update(offers)
      .set({ status: 'expired' })
      .where(inArray(offers.status, ['open', 'hot']));
    const ids: string[] = [];
    for (const pair of PAIRS)
      for (const positionType of POSITION_TYPES)
        if (ids.length < count) ids.push(await w.offer(pair.symbol, { positionType }));
    return ids;
  }
  const accept = (user: TestUser, offerId: string) => w.accept(user, offerId, { entryAmount: 10 });
  const openTrades = async (user: TestUser) =>
    (
      await w.t.db
        .select()
        .from(trades)
        .where(and(eq(trades.userId, user.id), ne(trades.status, 'failed')))
    ).length;

  it("refuses a Free trader's 6th accept of the month, naming the plan, the limit and the reset", async () => {
    const fay = await w.trader('Fay', 100_000, { plan: 'free' });
    expect(await planOf(fay)).toMatchObject({
      plan: 'free',
      status: null,
      provider: 'simulated',
      portal: false,
      usage: { accepted: 0, limit: 5, resetsAt: calendarMonthOf(new Date()).resetsAt.toISOString() },
    });
    const ids = await freshOffers(6);
    for (const id of ids.slice(0, 5)) expect((await accept(fay, id)).statusCode).toBe(200);
    expect((await planOf(fay)).usage?.accepted).toBe(5);

    const before = await w.balances(fay);
    const sixth = await accept(fay, ids[5]!);
    expect(sixth.statusCode).toBe(402);
    expect(sixth.json()).toEqual({ error: freeLimitMessage(calendarMonthOf(new Date()).resetsAt) });
    expect(await w.balances(fay)).toEqual(before);
    expect(await openTrades(fay)).toBe(5);
  });

  it('lifts the limit on an upgrade (simulated Checkout), audited', async () => {
    const gus = (subscribed.gus = await w.trader('Gus', 100_000, { plan: 'free' }));
    const ids = await freshOffers(7);
    for (const id of ids.slice(0, 5)) expect((await accept(gus, id)).statusCode).toBe(200);
    expect((await accept(gus, ids[5]!)).statusCode).toBe(402);

    const checkout = await as(gus, 'POST', '/api/billing/checkout');
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json<{ url: string }>().url).toMatch(/\/settings\?plan=upgraded#plan$/);
    const pro = await planOf(gus);
    expect(pro).toMatchObject({ plan: 'pro', status: 'active', cancelAtPeriodEnd: false, usage: null });
    expect(new Date(pro.currentPeriodEnd!).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600_000);
    expect((await as(gus, 'POST', '/api/billing/checkout')).statusCode).toBe(409);

    expect((await accept(gus, ids[5]!)).statusCode).toBe(200);
    expect((await accept(gus, ids[6]!)).statusCode).toBe(200);
    const [changed] = await w.t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, gus.id), eq(auditLogs.action, 'billing.plan_change')));
    expect(changed?.details).toMatchObject({ source: 'checkout', before: null, after: { plan: 'pro' } });
  });

  it('keeps Pro to the end of the paid period when cancelled, and resumes', async () => {
    const hal = (subscribed.hal = await w.trader('Hal', 100_000, { plan: 'free' }));
    expect((await as(hal, 'POST', '/api/billing/cancel')).statusCode).toBe(409);
    await as(hal, 'POST', '/api/billing/checkout');

    const cancelled = await as(hal, 'POST', '/api/billing/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: true });
    expect((await as(hal, 'POST', '/api/billing/cancel')).statusCode).toBe(409);
    expect((await as(hal, 'POST', '/api/billing/resume')).json()).toMatchObject({ cancelAtPeriodEnd: false });

    await as(hal, 'POST', '/api/billing/cancel');
    // The paid period ends: Free again, with its limit.
    await w.t.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1_000) })
      .where(eq(subscriptions.userId, hal.id));
    expect(await planOf(hal)).toMatchObject({ plan: 'free', usage: { accepted: 0, limit: 5 } });
    const actions = await w.t.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, hal.id), eq(auditLogs.action, 'billing.plan_change')));
    expect(actions.map((a) => (a.details as { source: string }).source)).toEqual([
      'checkout',
      'cancel',
      'resume',
      'cancel',
    ]);
  });

  it('never lets 50 simultaneous accepts of one Free trader beat the limit', async () => {
    const ivy = await w.trader('Ivy', 100_000, { plan: 'free' });
    const ids = await freshOffers(50);
    const answers = await Promise.all(ids.map((id) => accept(ivy, id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 402)).toHaveLength(45);
    expect(await openTrades(ivy)).toBe(5);
  });

  it('has no portal with the simulated provider, and shows admins every subscription', async () => {
    const jo = await w.trader('Jo', 0, { plan: 'free' });
    expect((await as(jo, 'POST', '/api/billing/portal')).statusCode).toBe(409);
    expect((await as(jo, 'GET', '/api/admin/subscriptions')).statusCode).toBe(403);
    const listed = await as(w.admin, 'GET', '/api/admin/subscriptions');
    expect(listed.statusCode).toBe(200);
    const rows = listed.json<{ subscriptions: { userId: string; email: string; plan: string }[] }>()
      .subscriptions;
    const rowOf = (user: TestUser) => rows.find((r) => r.userId === user.id);
    expect(rowOf(subscribed.gus!)).toMatchObject({ plan: 'pro', email: subscribed.gus!.email });
    expect(rowOf(subscribed.hal!)).toMatchObject({ plan: 'free' });
    expect(rowOf(jo)).toBeUndefined();
  });
});
