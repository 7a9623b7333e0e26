import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, auditLogs, cryptoPairs, triggers, webhookSecrets } from '../../db/schema';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';
import { anyString, arrayContaining } from './testdata/matchers';
import { signWebhook } from './webhook-signature';

describe('trigger routes', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;
  beforeAll(async () => {
    ({ t, admin, trader } = await createTestAppWithUsers());
    // Pairs the analyses below run on (the pipeline refuses unknown pairs).
    await t.db.insert(cryptoPairs).values([
      { symbol: 'ETH/USD', krakenSymbol: 'XETHZUSD', base: 'ETH', quote: 'USD', active: true },
      { symbol: 'SOL/USD', krakenSymbol: 'SOLUSD', base: 'SOL', quote: 'USD', active: true },
    ]);
  });
  afterAll(async () => t.close());

  const post = (url: string, user: TestUser | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: user?.auth ?? {}, payload: payload as object });
  const manage = (user: TestUser | null, payload: unknown) =>
    post('/api/admin/manage-triggers', user, payload);

  describe('POST /api/admin/manage-triggers', () => {
    it('adds, updates and deletes a trigger, each in the audit log', async () => {
      const added = await manage(admin, {
        action: 'add',
        type: 'news',
        symbol: 'BTC/USD',
        source: 'https://news.example.com/rss',
        keywords: [' ETF ', '', 'halving'],
      });
      expect(added.statusCode).toBe(200);
      const { trigger } = added.json<{ trigger: { id: string } }>();
      expect(added.json()).toEqual({
        trigger: {
          id: trigger.id,
          type: 'news',
          symbol: 'BTC/USD',
          source: 'https://news.example.com/rss',
          keywords: ['ETF', 'halving'],
          active: true,
          parameters: null,
          createdAt: anyString,
        },
        analysisId: null,
      });

      const updated = await manage(admin, {
        action: 'update',
        id: trigger.id,
        type: 'news',
        symbol: 'BTC/USD',
        source: '',
        keywords: ['ETF'],
        active: false,
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ trigger: { id: trigger.id, source: null, active: false } });

      const deleted = await manage(admin, { action: 'delete', type: 'news', symbol: 'BTC/USD' });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ trigger: null, analysisId: null });
      expect(await t.db.select().from(triggers).where(eq(triggers.id, trigger.id))).toEqual([]);

      const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.userId, admin.id));
      expect(audit.map((a) => a.action)).toEqual(
        arrayContaining(['trigger.add', 'trigger.update', 'trigger.delete']),
      );
    });

    it('an advisor_request starts an analysis and answers its id', async () => {
      const res = await manage(admin, {
        action: 'add',
        type: 'advisor_request',
        symbol: 'ETH/USD',
        parameters: { timeframe: '1h' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        trigger: { type: 'advisor_request', parameters: { timeframe: '1h' } },
        analysisId: anyString,
      });
    });

    it.each([
      [{ action: 'add', type: 'news' }, /Symbol is required/],
      [{ action: 'add', type: 'news', symbol: '' }, /Symbol is required/],
      [{ action: 'add', type: 'news', symbol: 'btc-usd' }, /Invalid symbol format \(e\.g\., BTC\/USD\)/],
      [{ action: 'add', type: 'news', symbol: 'BTC/USD', source: 'ftp://x.example' }, /Invalid URL format/],
      [{ action: 'add', type: 'news', symbol: 'BTC/USD', source: 'not a url' }, /Invalid URL format/],
      [{ action: 'add', symbol: 'BTC/USD' }, /Trigger type is required/],
      [{ action: 'add', type: 'rumour', symbol: 'BTC/USD' }, /Invalid trigger type/],
      [
        { action: 'add', type: 'advisor_request', symbol: 'BTC/USD', parameters: { timeframe: '2h' } },
        /timeframe/,
      ],
      [{ action: 'rename', type: 'news', symbol: 'BTC/USD' }, /action/],
    ])('refuses %o with 400 and changes nothing', async (payload, message) => {
      const before = await t.db.select().from(triggers);
      const res = await manage(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(message);
      expect(await t.db.select().from(triggers)).toEqual(before);
    });

    it('answers 404 for an unknown trigger, 403 to traders and 401 without a token', async () => {
      expect(
        (await manage(admin, { action: 'delete', type: 'sentiment', symbol: 'NOPE/USD' })).statusCode,
      ).toBe(404);
      const body = { action: 'add', type: 'news', symbol: 'BTC/USD' };
      expect((await manage(trader, body)).statusCode).toBe(403);
      expect((await manage(null, body)).statusCode).toBe(401);
      expect(await t.db.select().from(triggers).where(eq(triggers.createdBy, trader.id))).toEqual([]);
    });
  });

  describe('POST /api/triggers/webhook (HMAC-signed)', () => {
    let key: { id: string; secret: string };
    beforeAll(async () => {
      await manage(admin, { action: 'add', type: 'onchain_spike', symbol: 'SOL/USD' });
      await manage(admin, { action: 'add', type: 'referee_trigger', symbol: 'SOL/USD', active: false });
      key = (await post('/api/admin/webhook-secrets', admin, { label: 'Chain watcher' })).json();
    });

    const fired = async () =>
      (await t.db.select().from(actionLogs).where(eq(actionLogs.action, 'trigger.fired'))).length;
    const signed = (
      payload: unknown,
      options: { id?: string; secret?: string; at?: number; body?: string; headers?: object } = {},
    ) => {
      const body = options.body ?? JSON.stringify(payload);
      const timestamp = String(Math.floor((options.at ?? Date.now()) / 1000));
      return t.app.inject({
        method: 'POST',
        url: '/api/triggers/webhook',
        headers: {
          'content-type': 'application/json',
          'x-heatsignal-key-id': options.id ?? key.id,
          'x-heatsignal-timestamp': timestamp,
          'x-heatsignal-signature': signWebhook(options.secret ?? key.secret, timestamp, body),
          ...options.headers,
        },
        payload: body,
      });
    };

    it('fires the active trigger of that type and pair for a valid signature', async () => {
      const res = await signed({
        type: 'onchain_spike',
        symbol: 'SOL/USD',
        payload: { reason: 'Whale moved 2M SOL to an exchange', txs: 3 },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true, analysisId: anyString });
      const logs = await t.db.select().from(actionLogs).where(eq(actionLogs.action, 'trigger.fired'));
      expect(logs.find((l) => l.pair === 'SOL/USD')?.details).toMatchObject({
        type: 'onchain_spike',
        reason: 'On-chain spike: Whale moved 2M SOL to an exchange',
        payload: { txs: 3 },
      });
      const [row] = await t.db.select().from(triggers).where(eq(triggers.type, 'onchain_spike'));
      expect(row?.lastFiredAt).toBeInstanceOf(Date);
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/admin/webhook-secrets',
        headers: admin.auth,
      });
      expect(listed.json()).toEqual({
        secrets: [{ id: key.id, label: 'Chain watcher', createdAt: anyString, lastUsedAt: anyString }],
      });
    });

    it('404 when no active trigger matches (unknown or inactive)', async () => {
      expect((await signed({ type: 'onchain_event', symbol: 'SOL/USD' })).statusCode).toBe(404);
      const inactive = await signed({ type: 'referee_trigger', symbol: 'SOL/USD' });
      expect(inactive.statusCode).toBe(404);
      expect(inactive.json()).toEqual({ error: 'No active referee_trigger trigger for SOL/USD' });
    });

    it.each([
      ['a wrong secret', { secret: 'whsec_guessed' }],
      ['an unknown key id', { id: '00000000-0000-4000-8000-000000000000' }],
      ['a key id that is no id', { id: 'nope' }],
      ['a stale timestamp', { at: Date.now() - 6 * 60_000 }],
      ['a timestamp from the future', { at: Date.now() + 6 * 60_000 }],
      [
        'a signature over another body',
        { headers: { 'x-heatsignal-signature': signWebhook('x', '1', '{}') } },
      ],
    ])('refuses %s with 401 and fires nothing', async (_label, options) => {
      const before = await fired();
      const res = await signed({ type: 'onchain_spike', symbol: 'SOL/USD' }, options);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid webhook signature' });
      expect(await fired()).toBe(before);
    });

    it('refuses missing signature headers, and an admin bearer token alone, with 401', async () => {
      const before = await fired();
      const body = { type: 'onchain_spike', symbol: 'SOL/USD' };
      for (const res of [
        await post('/api/triggers/webhook', admin, body),
        await post('/api/triggers/webhook', null, body),
      ]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'Missing webhook signature headers' });
      }
      expect(await fired()).toBe(before);
    });

    it('checks the signature before the body: 401 for unsigned nonsense, 400 for signed nonsense', async () => {
      expect((await post('/api/triggers/webhook', null, { nonsense: true })).statusCode).toBe(401);
      expect((await signed({ type: 'news', symbol: 'SOL/USD' })).statusCode).toBe(400);
      const malformed = await signed(null, { body: '{"type": "onchain_spike",' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toEqual({ error: 'Malformed JSON body' });
    });

    it('stops accepting a key once it is deleted', async () => {
      const spare = (await post('/api/admin/webhook-secrets', admin, { label: 'Spare' })).json<typeof key>();
      expect((await signed({ type: 'onchain_spike', symbol: 'SOL/USD' }, spare)).statusCode).toBe(200);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/webhook-secrets/${spare.id}`,
        headers: admin.auth,
      });
      expect(removed.json()).toEqual({ ok: true });
      expect((await signed({ type: 'onchain_spike', symbol: 'SOL/USD' }, spare)).statusCode).toBe(401);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/webhook-secrets/${spare.id}`,
        headers: admin.auth,
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('/api/admin/webhook-secrets', () => {
    it('shows a new secret once, never in the list, and stores it only sealed', async () => {
      const res = await post('/api/admin/webhook-secrets', admin, { label: ' Exchange bot ' });
      expect(res.statusCode).toBe(200);
      const created = res.json<{ id: string; secret: string; label: string }>();
      expect(created).toEqual({
        id: anyString,
        label: 'Exchange bot',
        secret: created.secret,
        createdAt: anyString,
        lastUsedAt: null,
      });
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/admin/webhook-secrets',
        headers: admin.auth,
      });
      expect(listed.body).not.toContain(created.secret);
      const [row] = await t.db.select().from(webhookSecrets).where(eq(webhookSecrets.id, created.id));
      expect(JSON.stringify(row)).not.toContain(created.secret.slice(6));
    });

    it('is for admins only and refuses a bad label', async () => {
      const before = await t.db.select().from(webhookSecrets);
      expect((await post('/api/admin/webhook-secrets', trader, { label: 'Mine' })).statusCode).toBe(403);
      expect((await post('/api/admin/webhook-secrets', null, { label: 'Mine' })).statusCode).toBe(401);
      const blank = await post('/api/admin/webhook-secrets', admin, { label: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ error: 'label: Label is required' });
      expect(await t.db.select().from(webhookSecrets)).toEqual(before);
      const bad = await t.app.inject({
        method: 'DELETE',
        url: '/api/admin/webhook-secrets/nope',
        headers: admin.auth,
      });
      expect(bad.statusCode).toBe(400);
    });
  });
});
