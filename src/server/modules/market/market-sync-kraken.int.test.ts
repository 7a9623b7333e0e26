import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { cryptoPairs } from '../../db/schema';
import { createTestDatabase } from '../../db/testing';
import { createMarketSource } from '../../providers/market';
import {
  startFakeKrakenServer,
  type FakeKrakenServer,
} from '../../providers/market/kraken/fake-kraken-server';
import { createLogsService } from '../logs/logs.service';
import { createMarketService } from './market.service';

describe('pair sync with (fake) Kraken: 1434 pairs', () => {
  let handle: DatabaseHandle;
  let fake: FakeKrakenServer;
  beforeAll(async () => {
    [handle, fake] = await Promise.all([createTestDatabase(), startFakeKrakenServer()]);
  });
  afterAll(async () => {
    await Promise.all([handle.close(), fake.close()]);
  });

  it('adds every online USD pair, only the watch-list active, quickly; then refreshes BTC/USD', async () => {
    const source = createMarketSource({ source: 'kraken', krakenBaseUrl: fake.url, krakenRateLimit: false });
    await source.listPairs(); // loads ccxt once, outside the timing
    const service = createMarketService({ db: handle.db, source, logs: createLogsService(handle.db) });

    const started = performance.now();
    const result = await service.syncPairs();
    const elapsed = performance.now() - started;
    console.info(`kraken sync of ${result.added.length} pairs: ${elapsed.toFixed(0)} ms`);
    expect(elapsed).toBeLessThan(5_000);
    expect(result.added).toHaveLength(592);
    expect(result).toMatchObject({ updated: [], deactivated: [] });
    const active = await handle.db.select().from(cryptoPairs).where(eq(cryptoPairs.active, true));
    expect(active.map((p) => p.symbol).sort()).toEqual(
      ['ADA', 'ATOM', 'AVAX', 'BTC', 'DOGE', 'DOT', 'ETH', 'LINK', 'LTC', 'SOL', 'XLM', 'XRP'].map(
        (b) => `${b}/USD`,
      ),
    );
    expect(active.find((p) => p.symbol === 'BTC/USD')?.krakenSymbol).toBe('XBTUSD');
    expect(active.find((p) => p.symbol === 'DOGE/USD')?.krakenSymbol).toBe('XDGUSD');
    // Kraken's minimums as recorded (ordermin / costmin strings → numbers), for every pair.
    expect(active.find((p) => p.symbol === 'BTC/USD')).toMatchObject({ orderMin: 0.00005, costMin: 0.5 });
    expect(active.find((p) => p.symbol === 'XRP/USD')).toMatchObject({ orderMin: 1.65, costMin: 0.5 });
    const all = await handle.db.select().from(cryptoPairs);
    expect(all.every((p) => p.orderMin !== null && p.costMin !== null)).toBe(true);

    // Kraken drops a pair: the next sync deactivates it.
    const { result: pairs } = await fetch(`${fake.url}/0/public/AssetPairs`).then(
      (r) => r.json() as Promise<{ result: Record<string, unknown> }>,
    );
    const { XXLMZUSD: _, ...withoutXlm } = pairs;
    const ethUsd = withoutXlm.XETHZUSD as Record<string, unknown>;
    fake.setResult('AssetPairs', { ...withoutXlm, XETHZUSD: { ...ethUsd, ordermin: '0.002' } });
    expect(await service.syncPairs()).toEqual({ added: [], updated: [], deactivated: ['XLM/USD'] });
    expect(await service.pairBySymbol('ETH/USD')).toMatchObject({ orderMin: 0.002, costMin: 0.5 });

    // The recorded ticker answers for BTC/USD (XBTUSD → XXBTZUSD).
    const refreshed = await service.refresh('BTC/USD');
    expect(refreshed).toMatchObject({ ok: true, ticker: { price: 78493.8 } });
    // ETH/USD has no recorded ticker: the fake answers like Kraken for an unknown pair.
    expect(await service.refresh('ETH/USD')).toMatchObject({ ok: false, attempts: 1 });
  });
});
