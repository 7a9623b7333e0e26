/**
 * GET /api/admin/reports, /reports/csv and /reports/pdf over trades and payments rows in a real
 * database: paging totals, time range, user and pair filters, sorting, validation, CSV escaping
 * of a hostile username, and a real PDF holding the rows.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportsResponse } from '../../../contract/admin-reports';
import { payments, trades, user } from '../../db/schema';
import { DAY_MS } from '../../shared/time';
import { createTestAppWithUsers, signUp, type TestApp, type TestUser } from '../../testing/test-app';

const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

/** The text a pdfkit PDF (uncompressed) shows: the hex strings of its TJ operators, in order. */
function pdfText(pdf: Buffer): string {
  const body = pdf.toString('latin1');
  const shown: string[] = [];
  for (const [, array] of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const pieces = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) =>
      Buffer.from(hex!, 'hex').toString('latin1'),
    );
    shown.push(pieces.join(''));
  }
  return shown.join('\n');
}

describe('admin reports', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;
  let hostile: TestUser;

  beforeAll(async () => {
    ({ t, admin, trader } = await createTestAppWithUsers());
    hostile = await signUp(t.app, 'Hostile');
    await t.db.update(user).set({ username: 'alice_trader' }).where(eq(user.id, trader.id));
    await t.db.update(user).set({ username: '=cmd|calc' }).where(eq(user.id, hostile.id));
    const trade = (userId: string, pair: string, cents: number, profit: number | null, days: number) => ({
      userId,
      pair,
      positionType: 'long' as const,
      direction: 'long' as const,
      side: 'buy' as const,
      amountCents: cents,
      quantity: '0.01',
      entryPrice: '50000',
      status: profit === null ? ('open' as const) : ('closed' as const),
      profitPercent: profit,
      openedAt: ago(days),
      ...(profit !== null && { closedAt: ago(days), closeReason: 'auto_close' as const }),
    });
    await t.db.insert(trades).values([
      // 12 BTC/USD trades of alice in the last 30 days, amounts 10..21 dollars.
      ...Array.from({ length: 12 }, (_, i) => trade(trader.id, 'BTC/USD', 1000 + i * 100, i - 5, 1 + i)),
      trade(trader.id, 'ETH/USD', 5000, null, 2),
      trade(hostile.id, 'ETH/USD', 700, 3.5, 3),
      // Outside 30 days, inside 90.
      trade(trader.id, 'BTC/USD', 9900, 1, 45),
    ]);
    await t.db.insert(payments).values([
      { userId: trader.id, type: 'deposit', amountCents: 100_00, status: 'completed', createdAt: ago(1) },
      { userId: trader.id, type: 'withdrawal', amountCents: 25_00, status: 'pending', createdAt: ago(2) },
      { userId: hostile.id, type: 'deposit', amountCents: 42_00, status: 'completed', createdAt: ago(3) },
      { userId: hostile.id, type: 'tip', amountCents: 1_50, status: 'completed', createdAt: ago(60) },
    ]);
  });
  afterAll(async () => t.close());

  const get = (path: string, query: string, who: TestUser = admin) =>
    t.app.inject({ method: 'GET', url: `/api/admin/${path}?${query}`, headers: who.auth });
  const report = async (query: string) => {
    const res = await get('reports', query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReportsResponse>();
  };

  it('pages each table newest first with its total (default 30 days, 10 rows)', async () => {
    const first = await report('');
    expect(first.totalTrades).toBe(14);
    expect(first.totalPayments).toBe(3);
    expect(first.recentTrades).toHaveLength(10);
    expect(first.recentTrades[0]).toMatchObject({ pair: 'BTC/USD', amount: 10, profitPercent: -5 });
    expect(first.recentTrades[0]?.User).toEqual({
      id: trader.id,
      username: 'alice_trader',
      email: trader.email,
    });
    const dates = first.recentTrades.map((r) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await report('page=2');
    expect(second.recentTrades).toHaveLength(4);
    expect(second.recentPayments).toEqual([]);
    const ids = new Set([...first.recentTrades, ...second.recentTrades].map((r) => r.id));
    expect(ids.size).toBe(14);
    expect((await report('pageSize=25')).recentTrades).toHaveLength(14);
  });

  it('keeps to the time range', async () => {
    expect(await report('timeRange=7d')).toMatchObject({ totalTrades: 8, totalPayments: 3 });
    expect(await report('timeRange=90d')).toMatchObject({ totalTrades: 15, totalPayments: 4 });
    expect(await report('timeRange=all')).toMatchObject({ totalTrades: 15, totalPayments: 4 });
  });

  it('filters by part of a username or email, and by pair (trades only)', async () => {
    const alice = await report('user=ALICE&pageSize=50');
    expect(alice.totalTrades).toBe(13);
    expect(alice.totalPayments).toBe(2);
    expect(new Set(alice.recentTrades.map((r) => r.User.id))).toEqual(new Set([trader.id]));
    const byEmail = await report(`user=${encodeURIComponent(hostile.email)}`);
    expect(byEmail).toMatchObject({ totalTrades: 1, totalPayments: 1 });
    expect(await report('user=nobody-like-this')).toEqual({
      recentTrades: [],
      recentPayments: [],
      totalTrades: 0,
      totalPayments: 0,
    });
    const eth = await report('pair=eth/usd');
    expect(eth.totalTrades).toBe(2);
    expect(eth.recentTrades.map((r) => r.pair)).toEqual(['ETH/USD', 'ETH/USD']);
    expect((await report('pair=BTC&user=alice')).totalTrades).toBe(12);
  });

  it('sorts by amount, profit (open trades last), type and status, both ways', async () => {
    const byAmount = await report('sort=amount_desc');
    expect(byAmount.recentTrades.map((r) => r.amount).slice(0, 3)).toEqual([50, 21, 20]);
    expect(byAmount.recentPayments.map((r) => r.amount)).toEqual([100, 42, 25]);
    const cheapest = await report('sort=amount_asc');
    expect(cheapest.recentTrades[0]?.amount).toBe(7);
    const byProfit = await report('sort=profitPercent_asc&pageSize=25');
    const profits = byProfit.recentTrades.map((r) => r.profitPercent);
    expect(profits.at(-1)).toBeNull();
    expect(profits.slice(0, 3)).toEqual([-5, -4, -3]);
    const bestFirst = await report('sort=profitPercent_desc&pageSize=25');
    expect(bestFirst.recentTrades[0]?.profitPercent).toBe(6);
    expect(bestFirst.recentTrades.at(-1)?.profitPercent).toBeNull();
    expect((await report('sort=type_desc')).recentPayments.map((r) => r.type)).toEqual([
      'withdrawal',
      'deposit',
      'deposit',
    ]);
    expect((await report('sort=status_desc')).recentPayments[0]?.status).toBe('pending');
  });

  it('refuses bad queries with 400 and non-admins with 403 / 401', async () => {
    for (const query of ['pageSize=100', 'page=0', 'timeRange=1y', 'sort=email_asc', 'sort=amount']) {
      const res = await get('reports', query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toHaveProperty('error');
    }
    expect((await get('reports/csv', 'timeRange=2d')).statusCode).toBe(400);
    for (const path of ['reports', 'reports/csv', 'reports/pdf']) {
      expect((await get(path, '', trader)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: `/api/admin/${path}` })).statusCode).toBe(401);
    }
  });

  it('downloads every matching row as CSV, formulas neutralised, named reports-CSV-{date}', async () => {
    const res = await get('reports/csv', 'timeRange=all&sort=amount_desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="reports-CSV-${today}.csv"`);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Recent Trades');
    expect(lines[1]).toBe('id,pair,amount,profitPercent,username,email,createdAt');
    expect(lines.filter((l) => l.includes('/USD'))).toHaveLength(15);
    expect(lines[2]).toMatch(/^[0-9a-f-]{36},BTC\/USD,99,1,alice_trader,/);
    const hostileLine = lines.find((l) => l.includes('ETH/USD,7,'));
    expect(hostileLine).toContain(`,'=cmd|calc,`);
    expect(res.body).not.toMatch(/(^|,)=cmd/m);
    const paymentsAt = lines.indexOf('Recent Payments');
    expect(lines[paymentsAt - 1]).toBe('');
    expect(lines[paymentsAt + 1]).toBe('id,type,amount,status,username,email,createdAt');
    expect(lines.slice(paymentsAt + 2).filter(Boolean)).toHaveLength(4);
    const filtered = await get('reports/csv', 'user=alice&pair=ETH');
    expect(filtered.body.split('\r\n').filter((l) => l.includes('/USD'))).toHaveLength(1);
  });

  it('downloads a real PDF whose tables hold the rows', async () => {
    const res = await get('reports/pdf', 'timeRange=all&pair=ETH');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="reports-PDF-${today}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const text = pdfText(pdf);
    expect(text).toContain('Recent Trades');
    expect(text).toContain('Recent Payments');
    expect(text).toContain('pair: ETH');
    const { recentTrades, recentPayments } = await report('timeRange=all&pair=ETH&pageSize=50');
    for (const row of [...recentTrades, ...recentPayments]) expect(text).toContain(row.id);
    expect(text).toContain('=cmd|calc');
    expect(text).toContain('alice_trader');
  });
});
