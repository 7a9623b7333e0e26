/**
 * POST /api/admin/manage-pairs and /api/admin/sync-kraken-pairs against a real database and the
 * fake Kraken server: the symbol rules, duplicates, 404s, audit rows with before and after, and
 * `pair_updates` for every change.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CryptoPairRecord, SyncKrakenPairsResponse } from '../../../contract/admin-pairs';
import type { PairUpdateEvent } from '../../../contract/events';
import { auditLogs, cryptoPairs } from '../../db/schema';
import { createMarketSource } from '../../providers/market';
import {
  startFakeKrakenServer,
  type FakeKrakenServer,
} from '../../providers/market/kraken/fake-kraken-server';
import { isBusEvent } from '../../realtime/event-bus';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';

describe('admin pair management', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;
  let fake: FakeKrakenServer;
  const updates: PairUpdateEvent[] = [];

  beforeAll(async () => {
    fake = await startFakeKrakenServer();
    const market = createMarketSource({ source: 'kraken', krakenBaseUrl: fake.url, krakenRateLimit: false });
    ({ t, admin, trader } = await createTestAppWithUsers({ overrides: { market } }));
    t.app.bus.subscribe((message) => {
      if (isBusEvent(message, 'pair_updates')) updates.push(message.payload);
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const manage = (payload: object, who: TestUser = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/manage-pairs', headers: who.auth, payload });
  const sync = (who: TestUser = admin) =>
    t.app.inject({ method: 'POST', url: '/api/admin/sync-kraken-pairs', headers: who.auth });
  const pairRow = async (symbol: string) =>
    (await t.db.select().from(cryptoPairs).where(eq(cryptoPairs.symbol, symbol)))[0];
  const lastAudit = async (action: string) =>
    (await t.db.select().from(auditLogs).where(eq(auditLogs.action, action)).orderBy(auditLogs.id)).at(-1);
  const announced = () => updates.map((u) => `${u.pair} ${u.action}`);

  it('adds a pair with the spec defaults, audits it and announces it', async () => {
    updates.length = 0;
    const res = await manage({ action: 'add', symbol: 'NEW/USD' });
    expect(res.statusCode, res.body).toBe(200);
    const pair = res.json<{ pair: CryptoPairRecord }>().pair;
    expect(pair).toMatchObject({
      symbol: 'NEW/USD',
      krakenSymbol: 'NEWUSD',
      active: false,
      deactivation_attempts: 0,
      analysis_count: 0,
      avg_progrev: null,
      dynamic_config: {},
    });
    expect(await pairRow('NEW/USD')).toMatchObject({ base: 'NEW', quote: 'USD', krakenSymbol: 'NEWUSD' });
    expect(await lastAudit('pair.add')).toMatchObject({
      userId: admin.id,
      details: { symbol: 'NEW/USD', before: null, after: { symbol: 'NEW/USD', active: false } },
    });
    await expect.poll(announced).toEqual(['NEW/USD added']);

    const custom = await manage({
      action: 'add',
      symbol: 'ZED/EUR',
      krakenSymbol: 'XZEDZEUR',
      active: true,
      dynamic_config: { marketThreshold: 0.5 },
    });
    expect(custom.json<{ pair: CryptoPairRecord }>().pair).toMatchObject({
      krakenSymbol: 'XZEDZEUR',
      active: true,
      dynamic_config: { marketThreshold: 0.5 },
    });
  });

  it('refuses malformed input with 400 and changes nothing', async () => {
    const before = (await t.db.select().from(cryptoPairs)).length;
    const cases: [object, string][] = [
      [{ action: 'add', symbol: 'btc/usd' }, 'Invalid symbol format (e.g., BTC/USD)'],
      [{ action: 'add', symbol: 'BTCUSD' }, 'Invalid symbol format (e.g., BTC/USD)'],
      [{ action: 'add', symbol: 'ABCDEFGHIJK/USD' }, 'Invalid symbol format (e.g., BTC/USD)'],
      [{ action: 'add', symbol: '' }, 'Symbol is required'],
      [{ action: 'add', symbol: 'OK/USD', krakenSymbol: 'x' }, 'Invalid Kraken symbol format (e.g., XBTUSD)'],
      [{ action: 'add', symbol: 'OK/USD', krakenSymbol: 'A'.repeat(21) }, 'Invalid Kraken symbol format'],
      [{ action: 'add', symbol: 'OK/USD', dynamic_config: [1] }, ''],
      [{ action: 'rename', symbol: 'OK/USD' }, ''],
      [{ action: 'update', symbol: 'NEW/USD' }, 'Nothing to update'],
    ];
    for (const [payload, message] of cases) {
      const res = await manage(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(message);
    }
    const syncWithBody = await t.app.inject({
      method: 'POST',
      url: '/api/admin/sync-kraken-pairs',
      headers: admin.auth,
      payload: { force: true },
    });
    expect(syncWithBody.statusCode).toBe(400);
    expect((await t.db.select().from(cryptoPairs)).length).toBe(before);
  });

  it('refuses a duplicate symbol or Kraken symbol with 409', async () => {
    const again = await manage({ action: 'add', symbol: 'NEW/USD', krakenSymbol: 'OTHERNEW' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Pair NEW/USD already exists' });
    const taken = await manage({ action: 'add', symbol: 'NEW/EUR', krakenSymbol: 'NEWUSD' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Kraken symbol NEWUSD is already used by NEW/USD' });
    const takenOnUpdate = await manage({ action: 'update', symbol: 'ZED/EUR', krakenSymbol: 'NEWUSD' });
    expect(takenOnUpdate.statusCode).toBe(409);
    expect(await pairRow('NEW/EUR')).toBeUndefined();
    expect((await pairRow('ZED/EUR'))?.krakenSymbol).toBe('XZEDZEUR');
  });

  it('updates only the fields sent, with before and after in the audit row', async () => {
    updates.length = 0;
    const on = await manage({ action: 'update', symbol: 'NEW/USD', active: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json<{ pair: CryptoPairRecord }>().pair).toMatchObject({
      active: true,
      krakenSymbol: 'NEWUSD',
    });
    expect(await lastAudit('pair.update')).toMatchObject({
      userId: admin.id,
      details: { symbol: 'NEW/USD', before: { active: false }, after: { active: true } },
    });
    const edited = await manage({
      action: 'update',
      symbol: 'NEW/USD',
      krakenSymbol: 'XNEWZUSD',
      dynamic_config: { volumeThreshold: 2 },
    });
    expect(edited.json<{ pair: CryptoPairRecord }>().pair).toMatchObject({
      active: true,
      krakenSymbol: 'XNEWZUSD',
      dynamic_config: { volumeThreshold: 2 },
    });
    expect(await lastAudit('pair.update')).toMatchObject({
      details: { before: { krakenSymbol: 'NEWUSD', dynamicConfig: {} }, after: { krakenSymbol: 'XNEWZUSD' } },
    });
    await expect.poll(announced).toEqual(['NEW/USD activated', 'NEW/USD updated']);
    const unknown = await manage({ action: 'update', symbol: 'NOPE/USD', active: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Unknown pair NOPE/USD' });
  });

  it('deletes a pair (404 the second time), audited and announced', async () => {
    updates.length = 0;
    const res = await manage({ action: 'delete', symbol: 'ZED/EUR' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ pair: null });
    expect(await pairRow('ZED/EUR')).toBeUndefined();
    expect(await lastAudit('pair.delete')).toMatchObject({
      userId: admin.id,
      details: { symbol: 'ZED/EUR', before: { krakenSymbol: 'XZEDZEUR' }, after: null },
    });
    await expect.poll(announced).toEqual(['ZED/EUR deleted']);
    expect((await manage({ action: 'delete', symbol: 'ZED/EUR' })).statusCode).toBe(404);
  });

  it('syncs with Kraken: added, updated, deactivated, each audited and announced', async () => {
    updates.length = 0;
    const first = await sync();
    expect(first.statusCode, first.body).toBe(200);
    const result = first.json<SyncKrakenPairsResponse>().data;
    expect(result.added).toHaveLength(592);
    expect(result.added).toContain('BTC/USD');
    // NEW/USD is not on Kraken: switched off.
    expect(result).toMatchObject({ updated: [], deactivated: ['NEW/USD'] });
    const audit = await lastAudit('pair.sync');
    expect(audit?.userId).toBe(admin.id);
    const details = audit?.details as { before: { symbol: string; active: boolean }[]; after: unknown[] };
    expect(details.before).toEqual([expect.objectContaining({ symbol: 'NEW/USD', active: true })]);
    expect(details.after).toHaveLength(593);
    await expect.poll(() => updates.length).toBe(593);
    expect(announced()).toContain('NEW/USD deactivated');

    // Kraken renames XBTUSD's symbol and drops XLM/USD.
    const { result: pairs } = await fetch(`${fake.url}/0/public/AssetPairs`).then(
      (r) => r.json() as Promise<{ result: Record<string, Record<string, unknown>> }>,
    );
    const { XXLMZUSD: _, ...withoutXlm } = pairs;
    fake.setResult('AssetPairs', { ...withoutXlm, XXBTZUSD: { ...withoutXlm.XXBTZUSD, altname: 'XBTUSDX' } });
    updates.length = 0;
    const second = await sync();
    expect(second.json<SyncKrakenPairsResponse>()).toEqual({
      data: { added: [], updated: ['BTC/USD'], deactivated: ['XLM/USD'] },
    });
    expect((await lastAudit('pair.sync'))?.details).toMatchObject({
      before: expect.arrayContaining([
        expect.objectContaining({ symbol: 'BTC/USD', krakenSymbol: 'XBTUSD' }),
        expect.objectContaining({ symbol: 'XLM/USD', active: true }),
      ]) as unknown,
      after: expect.arrayContaining([
        expect.objectContaining({ symbol: 'BTC/USD', krakenSymbol: 'XBTUSDX' }),
        expect.objectContaining({ symbol: 'XLM/USD', active: false }),
      ]) as unknown,
    });
    await expect.poll(announced).toEqual(['BTC/USD updated', 'XLM/USD deactivated']);
  });

  it('answers 502 with the exchange failure when Kraken is down, changing nothing', async () => {
    const audits = (await t.db.select().from(auditLogs)).length;
    fake.failNext('AssetPairs', { status: 503, times: 5 });
    const res = await sync();
    expect(res.statusCode).toBe(502);
    expect(res.json<{ error: string }>().error).toMatch(/^Failed to sync Kraken pairs: /);
    expect((await t.db.select().from(auditLogs)).length).toBe(audits);
  });

  it('is for admins only', async () => {
    expect((await manage({ action: 'add', symbol: 'TRD/USD' }, trader)).statusCode).toBe(403);
    expect((await sync(trader)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/sync-kraken-pairs' });
    expect(anonymous.statusCode).toBe(401);
    expect(await pairRow('TRD/USD')).toBeUndefined();
  });
});
