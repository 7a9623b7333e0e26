/**
 * The admin authorisation matrix over every admin call the app serves, taken from the contract
 * (so a call added later is covered as soon as it is registered): signed out → 401, a signed-in
 * trader → 403 with nothing changed in the database, the admin → 2xx. The one stream (SSE) is
 * opened over real HTTP. Every admin route the app registers must be in the contract.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../contract';
import { endpointsIn, fillPath, type AnyEndpoint } from '../../contract/common';
import type { Database } from '../db/client';
import { sql } from 'drizzle-orm';
import { reconciliationRuns } from '../db/schema';
import { seedPair } from '../modules/offers/testing/market-fixtures';
import { fundUser, postWithdrawal } from '../modules/payments/testing/payments-helpers';
import { openSse } from '../realtime/testing/sse-client';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../testing/test-app';

interface CallInput {
  params?: Record<string, string>;
  payload?: object;
  /** The admin's answer where this test app's setting decides it (paper trading); default 2xx. */
  adminStatus?: number;
}

let t: TestApp;
let admin: TestUser;
let trader: TestUser;
let base: string;

/** A withdrawal of the trader's waiting for approval (each approve/reject needs its own). */
async function pendingWithdrawal(): Promise<Record<string, string>> {
  const res = await postWithdrawal(t.app, trader, 20);
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json<{ payment: { id: string } }>().payment.id };
}

/**
 * A valid input for each admin mutation, on real targets (so a 403 is never a hidden 404). A new
 * admin mutation in the contract needs its line here, or the matrix fails naming it.
 */
const MUTATION_INPUTS: Record<string, () => Promise<CallInput>> = {
  'PATCH /api/admin/global-settings': async () => ({ payload: { chatgptMaxRequests: 7 } }),
  'POST /api/admin/manage-triggers': async () => ({
    payload: { action: 'add', type: 'breakout', symbol: 'BTC/USD', source: null, keywords: [] },
  }),
  'POST /api/admin/webhook-secrets': async () => ({ payload: { label: 'Matrix' } }),
  'DELETE /api/admin/webhook-secrets/:id': async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhook-secrets',
      headers: admin.auth,
      payload: { label: 'To retire' },
    });
    return { params: { id: created.json<{ id: string }>().id } };
  },
  'POST /api/admin/approve-withdrawal/:id': async () => ({ params: await pendingWithdrawal() }),
  'POST /api/admin/reject-withdrawal/:id': async () => ({
    params: await pendingWithdrawal(),
    payload: { reason: 'Matrix check' },
  }),
  'POST /api/admin/manage-pairs': async () => ({
    payload: { action: 'add', symbol: 'MTRX/USD', krakenSymbol: 'MTRXUSD' },
  }),
  'POST /api/admin/sync-kraken-pairs': async () => ({}),
  'POST /api/admin/trading/halt': async () => ({ payload: { reason: 'Matrix check' } }),
  // Only a halt can be resumed (409 otherwise).
  'POST /api/admin/trading/resume': async () => {
    const halted = await t.app.inject({
      method: 'POST',
      url: '/api/admin/trading/halt',
      headers: admin.auth,
      payload: { reason: 'To resume' },
    });
    expect(halted.statusCode, halted.body).toBe(200);
    return {};
  },
  // This app trades on paper: there is no exchange account to reconcile.
  'POST /api/admin/reconciliation/run': async () => ({ payload: {}, adminStatus: 409 }),
  'POST /api/admin/reconciliation/:id/acknowledge': async () => {
    const [drift] = await t.db
      .insert(reconciliationRuns)
      .values({ trigger: 'schedule', status: 'drift', toleranceUsd: 1 })
      .returning();
    return { params: { id: String(drift!.id) }, payload: { note: 'Matrix check' } };
  },
};

/** Path parameters of the admin reads that take them, naming real targets. */
const READ_INPUTS: Record<string, () => Promise<CallInput>> = {
  'GET /api/admin/pair-details/:pair': async () => {
    await seedPair(t.db, 'MXPD/USD');
    return { params: { pair: 'MXPD/USD' } };
  },
};

/** Every row of every table but sessions (a request may touch its own), as one digest. */
async function databaseDigest(db: Database): Promise<string> {
  const tables = await db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'session'
    order by table_name`);
  const parts: string[] = [];
  for (const { name } of tables.rows) {
    const digest = await db.execute<{ h: string | null }>(
      sql`select md5(string_agg(x::text, '|' order by x::text)) as h from ${sql.identifier(name)} x`,
    );
    parts.push(`${name}:${digest.rows[0]?.h ?? ''}`);
  }
  return parts.join('\n');
}

const key = (endpoint: Pick<AnyEndpoint, 'method' | 'path'>) => `${endpoint.method} ${endpoint.path}`;

function call(app: FastifyInstance, endpoint: AnyEndpoint, input: CallInput, user: TestUser | null) {
  return app.inject({
    method: endpoint.method,
    url: fillPath(endpoint.path, input.params ?? {}),
    headers: user?.auth ?? {},
    ...(input.payload && { payload: input.payload }),
  });
}

const adminEndpoints = endpointsIn(contract as Record<string, unknown>).filter((e) => e.auth === 'admin');

beforeAll(async () => {
  ({ t, admin, trader } = await createTestAppWithUsers());
  await fundUser(t.app, trader, 100);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => t.close());

describe('admin authorisation matrix', () => {
  const served = () => {
    const registered = new Set(t.app.routeTable.map((route) => `${route.method} ${route.url}`));
    return adminEndpoints.filter((endpoint) => registered.has(key(endpoint)));
  };

  it('knows every admin route the app registers from the contract', () => {
    const known = new Set(adminEndpoints.map(key));
    const adminRoutes = t.app.routeTable
      .filter((route) => route.auth === 'admin' && !route.url.includes('*'))
      .map((route) => `${route.method} ${route.url}`);
    expect(adminRoutes.filter((route) => !known.has(route))).toEqual([]);
    expect(served().length).toBeGreaterThanOrEqual(20);
  });

  it('answers 401 signed out, 403 to a trader (changing nothing) and 2xx to the admin', async () => {
    for (const endpoint of served().filter((e) => !e.produces?.includes('event-stream'))) {
      const name = key(endpoint);
      const makeInput =
        endpoint.method === 'GET'
          ? (READ_INPUTS[name] ?? (async (): Promise<CallInput> => ({})))
          : MUTATION_INPUTS[name];
      expect(makeInput, `${name} needs a sample input in MUTATION_INPUTS`).toBeDefined();
      const input = await makeInput!();

      const anonymous = await call(t.app, endpoint, input, null);
      expect(anonymous.statusCode, name).toBe(401);
      expect(anonymous.json(), name).toEqual({ error: 'Authentication required' });

      const before = await databaseDigest(t.db);
      const refused = await call(t.app, endpoint, input, trader);
      expect(refused.statusCode, name).toBe(403);
      expect(Object.keys(refused.json<object>()), name).toEqual(['error']);
      expect(await databaseDigest(t.db), `${name} changed data for a trader`).toBe(before);

      const allowed = await call(t.app, endpoint, input, admin);
      if (input.adminStatus !== undefined) {
        expect(allowed.statusCode, `${name}: ${allowed.body.slice(0, 300)}`).toBe(input.adminStatus);
        continue;
      }
      expect(allowed.statusCode, `${name}: ${allowed.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(allowed.statusCode, `${name}: ${allowed.body.slice(0, 300)}`).toBeLessThan(300);
      expect(allowed.body.length, name).toBeGreaterThan(0);
    }
  }, 120_000);

  it('streams live updates to the admin only', async () => {
    const streams = served().filter((e) => e.produces?.includes('event-stream'));
    expect(streams.map((e) => e.path)).toContain('/api/admin/heatmap/live');
    for (const endpoint of streams) {
      const url = `${base}${endpoint.path}`;
      const anonymous = await openSse(url);
      expect(anonymous.status).toBe(401);
      anonymous.close();
      const refused = await openSse(url, trader.auth);
      expect(refused.status).toBe(403);
      refused.close();
      const allowed = await openSse(url, admin.auth);
      expect(allowed.status).toBe(200);
      expect(allowed.headers['content-type']).toContain('text/event-stream');
      allowed.close();
    }
  });
});
