/**
 * GET /api/admin/reports/csv when a table holds more rows than one download carries
 * (EXPORT_MAX_ROWS): the file says, under the last row it kept, that it was cut and how many rows
 * matched, only for the table that was cut, and the hostile cells stay inert.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, trades, user } from '../../db/schema';
import { DAY_MS } from '../../shared/time';
import { createTestAppWithUsers, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { EXPORT_MAX_ROWS } from './reports.service';

const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
const PAYMENT_ROWS = EXPORT_MAX_ROWS + 7;

describe('the reports CSV past its row cap', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    ({ t, admin, trader } = await createTestAppWithUsers());
    other = await signUp(t.app, 'Otto Other');
    await t.db.update(user).set({ username: '=HYPERLINK("x")' }).where(eq(user.id, trader.id));
    await t.db.insert(payments).values(
      Array.from({ length: PAYMENT_ROWS }, (_, i) => ({
        userId: trader.id,
        type: 'deposit' as const,
        amountCents: 10_00 + i,
        status: 'completed' as const,
        createdAt: new Date(ago(1).getTime() - i * 1000),
      })),
    );
    await t.db.insert(payments).values([
      { userId: other.id, type: 'deposit', amountCents: 55_00, status: 'completed', createdAt: ago(10) },
      { userId: other.id, type: 'tip', amountCents: 2_00, status: 'completed', createdAt: ago(11) },
    ]);
    await t.db.insert(trades).values(
      Array.from({ length: 3 }, (_, i) => ({
        userId: trader.id,
        pair: 'BTC/USD',
        positionType: 'long' as const,
        direction: 'long' as const,
        side: 'buy' as const,
        amountCents: 20_00 + i,
        quantity: '0.01',
        entryPrice: '50000',
        status: 'open' as const,
        openedAt: ago(2 + i),
      })),
    );
  }, 60_000);
  afterAll(async () => t.close());

  const csv = async (query: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports/csv?${query}`,
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body.split('\r\n');
  };

  it('keeps the first rows and says under the last one that the table was cut, and how far', async () => {
    const lines = await csv('timeRange=all');
    const paymentsAt = lines.indexOf('Recent Payments');
    const section = lines.slice(paymentsAt + 2).filter(Boolean);
    expect(section).toHaveLength(EXPORT_MAX_ROWS + 1);
    // Newest first: the 5 000 kept are the newest; the note closes the section.
    expect(section[0]).toMatch(/^[0-9a-f-]{36},deposit,10,completed,/);
    expect(section.at(-2)).toMatch(new RegExp(`,deposit,${(10_00 + EXPORT_MAX_ROWS - 1) / 100},completed,`));
    expect(section.at(-1)).toBe(
      `Truncated: showing the first ${EXPORT_MAX_ROWS} of ${PAYMENT_ROWS + 2} Recent Payments rows. ` +
        'Narrow the time range or filters to download the rest.',
    );
    // The trades table was not cut: no note there.
    const tradeLines = lines.slice(0, paymentsAt);
    expect(tradeLines.filter((l) => l.includes('BTC/USD'))).toHaveLength(3);
    expect(tradeLines.some((l) => l.startsWith('Truncated'))).toBe(false);
    // Formula neutralisation still holds on every row of a cut file.
    expect(lines.some((l) => /(^|,)"?=HYPERLINK/.test(l))).toBe(false);
    expect(section[0]).toContain(`,"'=HYPERLINK(""x"")",`);
  });

  it('has no note once the filters bring the table under the cap', async () => {
    const lines = await csv(`timeRange=all&user=${encodeURIComponent(other.email)}`);
    expect(lines.some((l) => l.startsWith('Truncated'))).toBe(false);
    const paymentsAt = lines.indexOf('Recent Payments');
    expect(lines.slice(paymentsAt + 2).filter(Boolean)).toEqual([
      expect.stringMatching(/^[0-9a-f-]{36},deposit,55,completed,/),
      expect.stringMatching(/^[0-9a-f-]{36},tip,2,completed,/),
    ]);
  });
});
