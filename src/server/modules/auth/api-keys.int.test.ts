/**
 * Personal API keys (issue #21) through HTTP: made on Settings and shown once, stored hashed,
 * listed with their last use, revoked at once everywhere; a read key reads and is refused on every
 * state-changing call, a Pro trader's trade key accepts an offer, admin routes refuse every key,
 * and sockets opened with a key lose the trader's rooms when it is revoked.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_NO_ADMIN,
  API_KEY_NOT_FOUND,
  API_KEY_PUBLIC,
  API_KEY_READ_ONLY,
  API_KEY_REFUSED,
  API_KEY_SIGN_IN,
  API_KEY_TRADE_NEEDS_PRO,
  MAX_ACTIVE_API_KEYS,
  TOO_MANY_API_KEYS,
  TRADE_KEYS_NEED_PRO,
  type ApiKey,
} from '../../../contract/api-keys';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../contract/events';
import { apiKeys, subscriptions } from '../../db/schema';
import { createTestAppWithUsers, type TestAppWithUsers, type TestUser } from '../../testing/test-app';
import { grantPro } from '../billing/testing/plans';
import { createTradingWorld, type TradingWorld } from '../trading/testing/trading-fixture';

let world: TradingWorld;
beforeAll(async () => {
  world = await createTradingWorld();
}, 60_000);
afterAll(async () => world.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (auth: { authorization: string }, method: Method, url: string, payload?: object) =>
  world.t.app.inject({ method, url, headers: auth, ...(payload && { payload }) });
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function createKey(user: TestUser, body: object = {}): Promise<{ key: string; apiKey: ApiKey }> {
  const res = await call(user.auth, 'POST', '/api/account/api-keys', {
    name: 'Bot',
    scopes: ['read'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const listOf = async (user: TestUser) =>
  (await call(user.auth, 'GET', '/api/account/api-keys')).json<{ apiKeys: ApiKey[] }>().apiKeys;

describe('making and listing keys', () => {
  it('shows the key once and keeps only its hash', async () => {
    const trader = await world.trader('Kim Keys');
    const { key, apiKey } = await createKey(trader, { name: 'Grid bot' });
    expect(key).toMatch(/^hs_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'Grid bot',
      scopes: ['read'],
      prefix: key.slice(0, 11),
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
      state: 'active',
    });
    const listed = await call(trader.auth, 'GET', '/api/account/api-keys');
    expect(listed.json()).toEqual({ apiKeys: [apiKey] });
    expect(listed.body).not.toContain(key.slice(11));
    const rows = await world.t.db.select().from(apiKeys).where(eq(apiKeys.userId, trader.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.secretHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(key.slice(3));
    expect(JSON.stringify(rows)).not.toContain(key.slice(11, 30));
  });

  it('refuses a bad name, no scope and an expiry in the past or beyond a year', async () => {
    const trader = await world.trader('Vic Valid', 0);
    const cases: [object, string][] = [
      [{ name: '  ' }, 'name: Name the key'],
      [{ name: 'two\nlines' }, 'name: Must not contain control characters'],
      [{ name: 'x'.repeat(61) }, 'name: The name must be at most 60 characters'],
      [{ scopes: [] }, 'scopes: Choose a scope: read or trade'],
      [{ scopes: ['write'] }, 'scopes.0'],
      [
        { expiresAt: new Date(Date.now() - 1000).toISOString() },
        'expiresAt: The expiry must be in the future',
      ],
      [
        { expiresAt: new Date(Date.now() + 366 * 24 * 3600_000).toISOString() },
        'expiresAt: The expiry must be within 365 days',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await call(trader.auth, 'POST', '/api/account/api-keys', {
        name: 'Bot',
        scopes: ['read'],
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(error);
    }
    expect(await listOf(trader)).toEqual([]);
  });

  it('gives trade keys to Pro only, and caps the live keys a trader holds', async () => {
    const free = await world.trader('Fay Free', 0, { plan: 'free' });
    const refused = await call(free.auth, 'POST', '/api/account/api-keys', {
      name: 'Bot',
      scopes: ['trade'],
    });
    expect([refused.statusCode, refused.json()]).toEqual([402, { error: TRADE_KEYS_NEED_PRO }]);
    const pro = await world.trader('Pat Pro', 0);
    expect((await createKey(pro, { scopes: ['trade'] })).apiKey.scopes).toEqual(['read', 'trade']);
    for (let i = 1; i < MAX_ACTIVE_API_KEYS; i += 1) await createKey(pro);
    const over = await call(pro.auth, 'POST', '/api/account/api-keys', {
      name: 'One more',
      scopes: ['read'],
    });
    expect([over.statusCode, over.json()]).toEqual([409, { error: TOO_MANY_API_KEYS }]);
    // A revoked key frees its place.
    const [newest] = await listOf(pro);
    await call(pro.auth, 'DELETE', `/api/account/api-keys/${newest!.id}`);
    await createKey(pro);
  });

  it("never lists or revokes another trader's keys", async () => {
    const owner = await world.trader('Ola Owner', 0);
    const other = await world.trader('Mal Other', 0);
    const { key, apiKey } = await createKey(owner);
    expect(await listOf(other)).toEqual([]);
    for (const id of [apiKey.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const res = await call(other.auth, 'DELETE', `/api/account/api-keys/${id}`);
      expect([res.statusCode, res.json()]).toEqual([404, { error: API_KEY_NOT_FOUND }]);
    }
    expect((await call(bearer(key), 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('notes the last use to within a minute', async () => {
    const trader = await world.trader('Lu Last', 0);
    const { key } = await createKey(trader);
    expect((await call(bearer(key), 'GET', '/api/offers')).statusCode).toBe(200);
    await expect.poll(async () => (await listOf(trader))[0]!.lastUsedAt).not.toBeNull();
    const used = Date.parse((await listOf(trader))[0]!.lastUsedAt!);
    expect(used).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('what a key may call', () => {
  it('reads with a read key: offers, the heat map, the caller; never manages keys or sessions', async () => {
    const trader = await world.trader('Rae Reader', 0);
    const { key } = await createKey(trader);
    const offers = await call(bearer(key), 'GET', '/api/offers');
    expect(offers.statusCode, offers.body).toBe(200);
    expect((await call(bearer(key), 'GET', '/api/offers/heat-map')).statusCode).toBe(200);
    const me = await call(bearer(key), 'GET', '/api/me');
    expect(me.json()).toMatchObject({ id: trader.id });
    const refusals: [Method, string, string, object?][] = [
      ['GET', '/api/account/api-keys', API_KEY_SIGN_IN],
      ['POST', '/api/account/api-keys', API_KEY_SIGN_IN, { name: 'Child', scopes: ['read'] }],
      ['GET', '/api/account/sessions', API_KEY_SIGN_IN],
      ['GET', '/api/account/export', API_KEY_SIGN_IN],
      ['POST', '/api/payments/withdrawal', API_KEY_SIGN_IN, { amount: 20 }],
      ['PUT', '/api/users/preferences', API_KEY_SIGN_IN, { minSuccessRate: 10 }],
      ['POST', '/api/auth/sign-out', API_KEY_PUBLIC, {}],
      ['GET', '/api/track-record', API_KEY_PUBLIC],
    ];
    for (const [method, url, error, payload] of refusals) {
      const res = await call(bearer(key), method, url, payload);
      expect([res.statusCode, res.json()], `${method} ${url}`).toEqual([403, { error }]);
    }
  });

  it('refuses a read key on accept, reject and feedback, and nothing changes', async () => {
    const trader = await world.trader('Ria Readonly', 50_000);
    const { key } = await createKey(trader);
    const offerId = await world.offer('BTC/USD');
    const before = await world.balances(trader);
    for (const [url, payload] of [
      [`/api/offers/${offerId}/accept`, { entryAmount: 100 }],
      [`/api/offers/${offerId}/reject`, undefined],
      [`/api/offers/${offerId}/feedback`, { type: 'like' }],
    ] as const) {
      const res = await call(bearer(key), 'POST', url, payload);
      expect([res.statusCode, res.json()], url).toEqual([403, { error: API_KEY_READ_ONLY }]);
    }
    expect(await world.balances(trader)).toEqual(before);
    const trades = await call(trader.auth, 'GET', '/api/trades/trades');
    expect(trades.json<{ trades: unknown[] }>().trades).toEqual([]);
  });

  it("accepts with a Pro trader's trade key, and refuses a trade key with 402 once the plan is Free", async () => {
    const trader = await world.trader('Tor Trader', 50_000);
    const { key } = await createKey(trader, { scopes: ['trade'] });
    const accepted = await call(bearer(key), 'POST', `/api/offers/${await world.offer('ETH/USD')}/accept`, {
      entryAmount: 100,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await world.balances(trader)).availableCents).toBeLessThanOrEqual(40_000);

    const lapsed = await world.trader('Lee Lapsed', 50_000);
    const lapsedKey = (await createKey(lapsed, { scopes: ['trade'] })).key;
    await world.t.db.delete(subscriptions).where(eq(subscriptions.userId, lapsed.id));
    const offerId = await world.offer('BTC/USD', { positionType: 'short' });
    const refused = await call(bearer(lapsedKey), 'POST', `/api/offers/${offerId}/accept`, {
      entryAmount: 100,
    });
    expect([refused.statusCode, refused.json()]).toEqual([402, { error: API_KEY_TRADE_NEEDS_PRO }]);
    expect(await world.balances(lapsed)).toMatchObject({ availableCents: 50_000 });
    // It still reads.
    expect((await call(bearer(lapsedKey), 'GET', '/api/offers')).statusCode).toBe(200);
  });

  it("refuses every admin route to an admin's key, and the key's viewer is no admin", async () => {
    const { key } = await createKey(world.admin);
    for (const url of [
      '/api/admin/global-settings',
      '/api/admin/system-health',
      '/api/admin/subscriptions',
    ]) {
      const res = await call(bearer(key), 'GET', url);
      expect([res.statusCode, res.json()], url).toEqual([403, { error: API_KEY_NO_ADMIN }]);
    }
    const me = await call(bearer(key), 'GET', '/api/me');
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).not.toMatch(/"isAdmin":true/);
  });

  it('answers 401 to an unknown, malformed, revoked or expired key', async () => {
    const trader = await world.trader('Rex Revoked', 0);
    const unknown = `hs_${'A'.repeat(43)}`;
    for (const key of [unknown, 'hs_short', `hs_${'!'.repeat(43)}`]) {
      const res = await call(bearer(key), 'GET', '/api/offers');
      expect([res.statusCode, res.json()]).toEqual([401, { error: API_KEY_REFUSED }]);
    }
    const { key, apiKey } = await createKey(trader);
    expect((await call(bearer(key), 'GET', '/api/offers')).statusCode).toBe(200);
    const revoked = await call(trader.auth, 'DELETE', `/api/account/api-keys/${apiKey.id}`);
    expect(revoked.json<{ apiKey: ApiKey }>().apiKey.state).toBe('revoked');
    // At once, though the key's viewer was cached a moment ago.
    const after = await call(bearer(key), 'GET', '/api/offers');
    expect([after.statusCode, after.json()]).toEqual([401, { error: API_KEY_REFUSED }]);

    const stale = await createKey(trader);
    await world.t.db.execute(
      sql`update api_keys set expires_at = now() - interval '1 second' where id = ${stale.apiKey.id}`,
    );
    expect((await call(bearer(stale.key), 'GET', '/api/offers')).statusCode).toBe(401);
    expect((await listOf(trader)).find((k) => k.id === stale.apiKey.id)?.state).toBe('expired');

    // A key that expires while cached stops at its expiry, not at the cache's.
    const brief = await createKey(trader, { expiresAt: new Date(Date.now() + 1_500).toISOString() });
    expect((await call(bearer(brief.key), 'GET', '/api/offers')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await call(bearer(brief.key), 'GET', '/api/offers')).statusCode).toBe(401);
  });
});

describe('an account deleted', () => {
  it('takes its keys with it', async () => {
    const leaving = await world.trader('Lea Leaving', 0, { plan: 'free' });
    const { key } = await createKey(leaving);
    expect((await call(bearer(key), 'GET', '/api/offers')).statusCode).toBe(200);
    const deleted = await call(leaving.auth, 'POST', '/api/account/delete', {
      password: 'correct-horse-battery',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await call(bearer(key), 'GET', '/api/offers');
    expect([after.statusCode, after.json()]).toEqual([401, { error: API_KEY_REFUSED }]);
    expect(await world.t.db.select().from(apiKeys).where(eq(apiKeys.userId, leaving.id))).toEqual([]);
  });
});

describe('a socket opened with a key', () => {
  type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

  it("joins the trader's rooms like a session and loses them when the key is revoked", async () => {
    const base = await world.t.app.listen({ port: 0, host: '127.0.0.1' });
    const trader = await world.trader('Sol Socket', 0);
    const { key, apiKey } = await createKey(trader);
    const socket: ClientSocket = connect(base, {
      transports: ['websocket'],
      reconnection: false,
      auth: { token: key },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
      const inRoom = async () =>
        (await world.t.app.realtime.io.in(`user:${trader.id}`).fetchSockets()).some(
          (s) => s.id === socket.id,
        );
      await expect.poll(inRoom).toBe(true);
      const ended = new Promise<unknown>((resolve) => socket.on('error', resolve));
      await call(trader.auth, 'DELETE', `/api/account/api-keys/${apiKey.id}`);
      expect(await ended).toEqual({ message: 'Session ended' });
      expect(await inRoom()).toBe(false);
    } finally {
      socket.disconnect();
    }
  });
});

describe('limits per key, and logs', () => {
  let w: TestAppWithUsers;
  const lines: string[] = [];
  beforeAll(async () => {
    w = await createTestAppWithUsers({
      rateLimits: {
        auth: { max: 10_000, timeWindow: 60_000 },
        contact: { max: 10_000, timeWindow: 60_000 },
        apiKey: { free: 3, pro: 5, timeWindow: 60_000 },
      },
      env: { LOG_LEVEL: 'trace' },
      logStream: { write: (line: string) => void lines.push(line) },
    });
  });
  afterAll(async () => w.t.close());

  const get = (key: string) => w.t.app.inject({ method: 'GET', url: '/api/offers', headers: bearer(key) });
  const made = async (user: TestUser, scopes = ['read']) =>
    (
      await w.t.app.inject({
        method: 'POST',
        url: '/api/account/api-keys',
        headers: user.auth,
        payload: { name: 'Limited', scopes },
      })
    ).json<{ key: string }>().key;

  it("counts each key on its own against its owner's plan, with RateLimit headers and Retry-After", async () => {
    const key = await made(w.trader);
    const remaining: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await get(key);
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('3');
      remaining.push(String(res.headers['ratelimit-remaining']));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    const over = await get(key);
    expect([over.statusCode, over.json()]).toEqual([
      429,
      { error: 'Rate limit: 3 requests a minute for this API key' },
    ]);
    const retryAfter = Number(over.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another key of the same trader, and the trader's own session, are not held back.
    expect((await get(await made(w.trader))).statusCode).toBe(200);
    expect(
      (await w.t.app.inject({ method: 'GET', url: '/api/offers', headers: w.trader.auth })).statusCode,
    ).toBe(200);

    await grantPro(w.t.db, w.admin.id);
    const pro = await made(w.admin, ['trade']);
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await get(pro)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('writes no part of a key to the log, whatever the request ends in', async () => {
    const key = await made(w.trader);
    lines.length = 0;
    await get(key);
    await w.t.app.inject({ method: 'GET', url: '/api/admin/global-settings', headers: bearer(key) });
    await w.t.app.inject({ method: 'POST', url: '/api/offers/x/accept', headers: bearer(key), payload: '{' });
    await get(`${key}x`);
    for (let i = 0; i < 4; i += 1) await get(key);
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    const secret = key.slice(3);
    for (let at = 0; at + 8 <= secret.length; at += 1) expect(log).not.toContain(secret.slice(at, at + 8));
  });
});
