import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, auditLogs, cryptoPairs, triggers } from '../../db/schema';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';
import { anyString, arrayContaining } from './testdata/matchers';

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
  const webhook = (user: TestUser | null, payload: unknown) => post('/api/triggers/webhook', user, payload);

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

  describe('POST /api/triggers/webhook', () => {
    beforeAll(async () => {
      await manage(admin, { action: 'add', type: 'onchain_spike', symbol: 'SOL/USD' });
      await manage(admin, { action: 'add', type: 'referee_trigger', symbol: 'SOL/USD', active: false });
    });

    it('fires the active trigger of that type and pair', async () => {
      const res = await webhook(admin, {
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
    });

    it('404 when no active trigger matches (unknown or inactive)', async () => {
      expect((await webhook(admin, { type: 'onchain_event', symbol: 'SOL/USD' })).statusCode).toBe(404);
      const inactive = await webhook(admin, { type: 'referee_trigger', symbol: 'SOL/USD' });
      expect(inactive.statusCode).toBe(404);
      expect(inactive.json()).toEqual({ error: 'No active referee_trigger trigger for SOL/USD' });
    });

    it('checks the caller before the body: 401 / 403, and 400 for a type outside the webhook set', async () => {
      expect((await webhook(null, { nonsense: true })).statusCode).toBe(401);
      expect((await webhook(trader, { type: 'onchain_spike', symbol: 'SOL/USD' })).statusCode).toBe(403);
      expect((await webhook(admin, { type: 'news', symbol: 'SOL/USD' })).statusCode).toBe(400);
    });
  });
});
