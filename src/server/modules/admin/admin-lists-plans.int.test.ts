/**
 * Each admin list's default page (30 days, newest first) and its total are served by an index:
 * the statements a list call sends are captured below drizzle and EXPLAINed with sequential and
 * bitmap scans priced out; no plan may scan a table whole, and a sort may only order ties of the
 * column its index scan delivers in order.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminCollectionEndpoints } from '../../../contract/admin-collections';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';
import { seedListRows } from './testing/list-seed';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithUsers());
  await seedListRows(t.db);
  await t.db.execute(sql`analyze`);
}, 60_000);
afterAll(async () => t.close());

const PATHS = Object.values(adminCollectionEndpoints)
  .map((endpoint) => endpoint.path)
  .filter((path) => path !== '/api/admin/all-audit-logs' && path !== '/api/admin/all-crypto-pairs');

interface Statement {
  sql: string;
  params: unknown[];
}

/** The statements sent while `work` runs (PGlite's query, or the pool's). */
async function captured(work: () => Promise<unknown>): Promise<Statement[]> {
  const client = t.database.client as unknown as { query: (...args: unknown[]) => unknown };
  const original = client.query;
  const statements: Statement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [sql, params] = args;
    const text = typeof sql === 'string' ? sql : (sql as { text?: string }).text;
    const values = Array.isArray(params) ? params : ((sql as { values?: unknown[] }).values ?? []);
    if (text) statements.push({ sql: text, params: values });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return statements;
}

async function plan(statement: Statement): Promise<string> {
  const client = t.database.client as unknown as {
    query: (sql: string, params?: unknown[]) => Promise<{ rows: Record<string, string>[] }>;
  };
  // On these few rows the planner would rather scan everything and sort: with those priced out,
  // what is asked is whether an index can give the rows in order, as it must on a large table.
  await client.query('set enable_seqscan = off');
  await client.query('set enable_bitmapscan = off');
  try {
    const result = await client.query(`explain ${statement.sql}`, statement.params);
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  } finally {
    await client.query('reset enable_seqscan');
    await client.query('reset enable_bitmapscan');
  }
}

it.each(PATHS)('%s pages and counts through indexes', async (path) => {
  const statements = await captured(async () => {
    const res = await t.app.inject({ method: 'GET', url: path, headers: admin.auth });
    expect(res.statusCode).toBe(200);
  });
  // The list's own statements: the page (with its limit) and the total.
  const own = statements.filter((s) => /^select/i.test(s.sql) && /\blimit\b|count\(/i.test(s.sql));
  expect(own.length, path).toBeGreaterThanOrEqual(2);
  for (const statement of own) {
    const text = await plan(statement);
    const about = `${statement.sql}\n${text}`;
    expect(text, about).not.toMatch(/Seq Scan/);
    // A sort may only order the id tie-break: its leading key must be the column the index scan
    // ranges over, which then arrives in order (the ticker list's index holds the tie-break too:
    // the bench's 1M-row list is a plain index range).
    const leading = /Sort Key: (?:\w+\.)?"?(\w+)"?/.exec(text)?.[1];
    if (leading) {
      expect(text, about).toMatch(/Index Scan/);
      expect(text, about).toMatch(new RegExp(`Index Cond: \\((?:\\w+\\.)?"?${leading}"? >=`));
    }
  }
});
