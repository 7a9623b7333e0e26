/**
 * The eleven admin list collections through HTTP on a real database: totals per time range, pages
 * that continue each other, the default order, case-insensitive search with LIKE wildcards taken
 * literally, the pairs' sorts, and 400 for a bad query.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCollectionEndpoints } from '../../../contract/admin-collections';
import { eq, lt } from 'drizzle-orm';
import { cryptoPairs, tickerLogs } from '../../db/schema';
import { DAY_MS } from '../../shared/time';
import { fundUser } from '../payments/testing/payments-helpers';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';
import { EXPECTED_TOTALS, ODD_ROWS, SEARCHES, seedListRows } from './testing/list-seed';

type Row = Record<string, unknown>;
interface ListBody {
  records: Row[];
  total: number;
}

/** How each list orders itself by default: the field and its direction. */
const DEFAULT_ORDER: Record<string, [field: string, direction: 'asc' | 'desc']> = {
  '/api/admin/analyses': ['createdAt', 'desc'],
  '/api/admin/analysis-snapshots': ['snapshot_timestamp', 'desc'],
  '/api/admin/all-crypto-pairs': ['symbol', 'asc'],
  '/api/admin/ticker-logs': ['timestamp', 'desc'],
  '/api/admin/offers': ['updatedAt', 'desc'],
  '/api/admin/all-triggers': ['createdAt', 'desc'],
  '/api/admin/payments': ['createdAt', 'desc'],
  '/api/admin/users': ['createdAt', 'desc'],
  '/api/admin/user-offers': ['createdAt', 'desc'],
  '/api/admin/action-logs': ['timestamp', 'desc'],
  '/api/admin/user-preferences': ['userId', 'asc'],
};
/** All but the audit logs, which the logs module serves. */
const PATHS = Object.values(adminCollectionEndpoints)
  .map((endpoint) => endpoint.path)
  .filter((path) => path !== '/api/admin/all-audit-logs');

let t: TestApp;
let admin: TestUser;
let trader: TestUser;

beforeAll(async () => {
  ({ t, admin, trader } = await createTestAppWithUsers());
  await seedListRows(t.db);
}, 60_000);
afterAll(async () => t.close());

async function list(path: string, query: Record<string, string | number> = {}): Promise<ListBody> {
  const res = await get(path, query);
  expect(res.statusCode, `${path} ${JSON.stringify(query)}: ${res.body}`).toBe(200);
  return res.json<ListBody>();
}
const get = (path: string, query: Record<string, string | number>) =>
  t.app.inject({
    method: 'GET',
    url: path,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: admin.auth,
  });

/** The two accounts of the test app are users too, made just now. */
const extraRows = (path: string) => (path === '/api/admin/users' ? 2 : 0);
const identity = (row: Row) => String(row.id ?? row.userId);

describe('admin lists', () => {
  it('covers the eleven lists of this module', () => {
    expect(PATHS).toHaveLength(11);
    expect(Object.keys(DEFAULT_ORDER).sort()).toEqual([...PATHS].sort());
  });

  it.each(PATHS)('%s counts the rows of each time range (default 30 days)', async (path) => {
    for (const [timeRange, expected] of Object.entries(EXPECTED_TOTALS)) {
      const body = await list(path, { timeRange, pageSize: 100 });
      expect(body.total, `${path} ${timeRange}`).toBe(expected + extraRows(path));
      expect(body.records).toHaveLength(expected + extraRows(path));
    }
    expect((await list(path)).total).toBe(EXPECTED_TOTALS['30d'] + extraRows(path));
  });

  it.each(PATHS)('%s pages in its default order, page 2 continuing page 1', async (path) => {
    const all = await list(path, { timeRange: 'all', pageSize: 100 });
    const first = await list(path, { timeRange: 'all', pageSize: 10, page: 1 });
    const second = await list(path, { timeRange: 'all', pageSize: 10, page: 2 });
    const beyond = await list(path, { timeRange: 'all', pageSize: 10, page: 9 });
    expect(first.total).toBe(all.total);
    expect(first.records).toHaveLength(10);
    expect(second.records).toHaveLength(all.total - 10);
    expect(beyond).toEqual({ records: [], total: all.total });
    expect([...first.records, ...second.records].map(identity)).toEqual(all.records.map(identity));

    const [field, direction] = DEFAULT_ORDER[path]!;
    const values = all.records.map((row) => String(row[field]));
    const sorted = [...values].sort();
    expect(values).toEqual(direction === 'asc' ? sorted : sorted.reverse());
  });

  it.each(PATHS)('%s searches case-insensitively', async (path) => {
    const body = await list(path, { timeRange: 'all', search: SEARCHES[path]!, pageSize: 100 });
    expect(body.total).toBe(ODD_ROWS);
    expect(body.records).toHaveLength(ODD_ROWS);
    const nothing = await list(path, { timeRange: 'all', search: 'no-such-text-anywhere' });
    expect(nothing).toEqual({ records: [], total: 0 });
  });

  it.each(['/api/admin/payments', '/api/admin/user-offers', '/api/admin/user-preferences'])(
    '%s finds rows by their user’s username or email',
    async (path) => {
      // lister1 and lister10 to lister17; one email.
      expect((await list(path, { timeRange: 'all', search: 'LISTER1' })).total).toBe(9);
      const byEmail = await list(path, { timeRange: 'all', search: 'odd1@list' });
      expect(byEmail.total).toBe(1);
      expect(byEmail.records[0]?.userId).toBe('list-user-01');
    },
  );

  it('takes % and _ in a search literally', async () => {
    // Only the odd triggers' sources hold an underscore (`a_b`); none holds `%` or a backslash.
    const search = (text: string) => list('/api/admin/all-triggers', { timeRange: 'all', search: text });
    expect((await search('_')).total).toBe(ODD_ROWS);
    expect(await search('%')).toEqual({ records: [], total: 0 });
    expect(await search('\\')).toEqual({ records: [], total: 0 });
  });

  it('shows records as the contract spells them', async () => {
    const offers = await list('/api/admin/user-offers', { timeRange: '7d', pageSize: 100 });
    expect(offers.records[0]).toMatchObject({ action: 'accept', entryAmount: 250.5, profitPercent: 1.5 });
    expect(offers.records[1]).toMatchObject({ action: 'reject', entryAmount: null, profitPercent: null });
    const ticks = await list('/api/admin/ticker-logs', { timeRange: '7d', pageSize: 100 });
    expect(ticks.records[0]).toMatchObject({
      pair: 'C0/USD',
      price: 100.12345678,
      volume: 0.5,
      percentage: 1.2345,
    });
    expect(ticks.records[1]).toMatchObject({ pair: 'C1/EUR', price: 101.12345678, volume: null });
    const pays = await list('/api/admin/payments', { timeRange: '7d', pageSize: 10 });
    expect(pays.records[0]).toMatchObject({ type: 'deposit', amount: 10, status: 'completed' });
    const [pair] = (await list('/api/admin/all-crypto-pairs', { timeRange: 'all', search: 'C1/EUR' }))
      .records;
    expect(pair).toMatchObject({ symbol: 'C1/EUR', krakenSymbol: 'C1EUR', analysis_count: 9, active: false });
    expect(pair!.avg_progrev).toBeCloseTo(0.8);
  });

  it('keeps the ticker total exact through inserts, deletes and a deleted pair', async () => {
    // A fresh pair, so its rows are the only ones a search for it finds (counted row by row).
    const [pair] = await t.db
      .insert(cryptoPairs)
      .values({ symbol: 'TCK/USD', krakenSymbol: 'TCKUSD', base: 'TCK', quote: 'USD' })
      .returning({ id: cryptoPairs.id });
    const now = Date.now();
    // Around the 7-day boundary, minutes apart, so its partial hour is counted both ways.
    const ages = [1, 6.99, 7.001, 7.01, 8, 29, 31].map((days) => new Date(now - days * DAY_MS));
    await t.db.insert(tickerLogs).values(ages.map((at) => ({ pairId: pair!.id, price: '1', timestamp: at })));
    const exact = async (timeRange: string) => {
      const cutoff = timeRange === 'all' ? 0 : now - Number(timeRange.slice(0, -1)) * DAY_MS;
      const rows = await t.db.select({ at: tickerLogs.timestamp }).from(tickerLogs);
      return rows.filter((row) => row.at.getTime() >= cutoff).length;
    };
    const check = async () => {
      for (const timeRange of ['7d', '30d', '90d', 'all'])
        expect((await list('/api/admin/ticker-logs', { timeRange })).total, timeRange).toBe(
          await exact(timeRange),
        );
    };
    await check();
    await t.db.delete(tickerLogs).where(lt(tickerLogs.timestamp, new Date(now - 7.005 * DAY_MS)));
    await check();
    await t.db.delete(cryptoPairs).where(eq(cryptoPairs.id, pair!.id));
    await check();
  });

  describe('crypto pairs sort', () => {
    const symbols = async (sort: string) =>
      (await list('/api/admin/all-crypto-pairs', { timeRange: 'all', sort, pageSize: 100 })).records.map(
        (row) => row.symbol as string,
      );

    it('by symbol either way', async () => {
      const ascending = await symbols('symbol_asc');
      expect(ascending).toEqual([...ascending].sort());
      expect(await symbols('symbol_desc')).toEqual([...ascending].reverse());
    });

    it('by deactivation attempts and creation', async () => {
      expect((await symbols('deactivation_attempts_desc')).slice(0, 3)).toEqual([
        'C17/EUR',
        'C16/USD',
        'C15/EUR',
      ]);
      expect((await symbols('createdAt_asc')).slice(0, 2)).toEqual(['C17/EUR', 'C16/USD']);
    });

    it('by the analysis figures, paged', async () => {
      // Both have 9 analyses: a tie goes by id in the sort's direction, as in the database lists.
      expect((await symbols('analysis_count_desc')).slice(0, 2)).toEqual(['C1/EUR', 'C0/USD']);
      expect((await symbols('avg_progrev_desc')).slice(0, 2)).toEqual(['C1/EUR', 'C0/USD']);
      const page2 = await list('/api/admin/all-crypto-pairs', {
        timeRange: 'all',
        sort: 'avg_progrev_asc',
        pageSize: 10,
        page: 2,
      });
      expect(page2.total).toBe(18);
      expect(page2.records.map((row) => row.symbol).slice(-2)).toEqual(['C0/USD', 'C1/EUR']);
    });
  });

  it('sorts users by balance, paged', async () => {
    await fundUser(t.app, trader, 30);
    const richest = await list('/api/admin/users', { timeRange: 'all', sort: 'balance_desc', pageSize: 10 });
    expect(richest.total).toBe(20);
    expect(richest.records).toHaveLength(10);
    expect(richest.records[0]).toMatchObject({ id: trader.id, balance: 30 });
    const poorest = await list('/api/admin/users', {
      timeRange: 'all',
      sort: 'balance_asc',
      pageSize: 10,
      page: 2,
    });
    expect(poorest.records).toHaveLength(10);
    expect(poorest.records.at(-1)).toMatchObject({ id: trader.id, balance: 30 });
  });

  it.each<Record<string, string | number>>([
    { timeRange: 'forever' },
    { pageSize: 7 },
    { page: 0 },
    { page: 'two' },
    { sort: 'bogus_asc' },
    { sort: 'symbol' },
    { search: 'tab\there' },
    { search: 'x'.repeat(101) },
  ])('answers 400 with an error to %o', async (query) => {
    for (const path of ['/api/admin/all-crypto-pairs', '/api/admin/ticker-logs']) {
      const res = await get(path, query);
      expect(res.statusCode, `${path} ${JSON.stringify(query)}`).toBe(400);
      const body = res.json<Record<string, unknown>>();
      expect(Object.keys(body)).toEqual(['error']);
      expect(typeof body.error).toBe('string');
    }
  });
});
