import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminHeatMapSchema,
  heatMapSchema,
  type HeatMap,
  type HeatMapEntry,
  type HeatMapUpdate,
} from '../../../contract/heatmap';
import type { BusMessage } from '../../realtime/event-bus';
import {
  createTestApp,
  createTestAppWithUsers,
  signUp,
  type TestApp,
  type TestUser,
} from '../../testing/test-app';
import { seedAnalysis, seedErrorLog, seedOffer, seedPair, seedTrigger } from './testing/market-fixtures';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms);

/**
 * Five pairs with known figures: BTC (hot offer, fresh trigger and error), ETH (open offer, two
 * days old), SOL (20 days old, a lapsed trigger and an old error), XRP (100 days old), plus
 * DOGE (inactive) and ADA (active, never analysed), which the heat map must never show.
 */
describe('GET /api/offers/heat-map', () => {
  let t: TestApp;
  let trader: TestUser;
  let admin: TestUser;
  const ids: Record<string, number> = {};
  let btcAnalysisId = '';

  beforeAll(async () => {
    t = await createTestApp();
    // The first account is the operator's admin; the trader is an ordinary account.
    admin = await signUp(t.app, 'Admin');
    trader = await signUp(t.app, 'Trader');
    const db = t.db;
    for (const symbol of ['BTC/USD', 'ETH/USD', 'SOL/USD', 'XRP/USD', 'ADA/USD'])
      ids[symbol] = await seedPair(db, symbol);
    ids['DOGE/USD'] = await seedPair(db, 'DOGE/USD', false);

    btcAnalysisId = await seedAnalysis(db, {
      pair: 'BTC/USD',
      pairId: ids['BTC/USD']!,
      completedAt: ago(HOUR),
      price: 64_000,
      heatScore: 82,
      successRate: 71,
      progrevScore: 0.66,
      trend: 'bullish',
      risk: 'low',
      positionType: 'long',
      density: 0.62,
    });
    // An older BTC analysis must not be the one shown.
    await seedAnalysis(db, {
      pair: 'BTC/USD',
      pairId: ids['BTC/USD']!,
      completedAt: ago(3 * HOUR),
      heatScore: 10,
    });
    await seedOffer(db, { pairId: ids['BTC/USD']!, analysisId: btcAnalysisId, status: 'hot', heatScore: 82 });
    await seedTrigger(db, { symbol: 'BTC/USD', type: 'news', lastFiredAt: ago(HOUR) });
    await seedTrigger(db, { symbol: 'BTC/USD', type: 'breakout', active: false, lastFiredAt: ago(HOUR) });
    await seedErrorLog(db, { pair: 'BTC/USD', error: 'exchange timeout', at: ago(2 * HOUR) });

    await seedAnalysis(db, {
      pair: 'ETH/USD',
      pairId: ids['ETH/USD']!,
      completedAt: ago(2 * DAY),
      heatScore: 55,
      successRate: 58,
      progrevScore: 0.45,
      trend: 'bearish',
      risk: 'high',
      positionType: 'short',
    });
    await seedOffer(db, { pairId: ids['ETH/USD']!, status: 'open', positionType: 'short' });
    // Past its expiry: must not make ETH hot.
    await seedOffer(db, {
      pairId: ids['ETH/USD']!,
      status: 'hot',
      positionType: 'long',
      expiresAt: ago(HOUR),
    });

    await seedAnalysis(db, {
      pair: 'SOL/USD',
      pairId: ids['SOL/USD']!,
      completedAt: ago(20 * DAY),
      heatScore: 30,
      successRate: 49,
      progrevScore: 0.3,
      trend: 'neutral',
      risk: 'medium',
      positionType: 'scalp_balanced',
    });
    await seedTrigger(db, { symbol: 'SOL/USD', type: 'volume_spike', lastFiredAt: ago(10 * HOUR) });
    await seedErrorLog(db, { pair: 'SOL/USD', error: 'old failure', at: ago(30 * HOUR) });

    await seedAnalysis(db, {
      pair: 'XRP/USD',
      pairId: ids['XRP/USD']!,
      completedAt: ago(100 * DAY),
      heatScore: 40,
      successRate: 52,
      progrevScore: 0.52,
      positionType: 'quick_long',
    });
    await seedAnalysis(db, {
      pair: 'DOGE/USD',
      pairId: ids['DOGE/USD'],
      completedAt: ago(HOUR),
      heatScore: 99,
    });
    await t.app.heatMap.reload();
  });
  afterAll(async () => t.close());

  const get = async (query = '', headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/offers/heat-map${query}`, headers });
    return res;
  };
  const pairsOf = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return Object.keys(heatMapSchema.parse(res.json()));
  };

  it('answers anonymous callers with the 7-day map keyed by pair, hottest first', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const map: HeatMap = heatMapSchema.parse(res.json());
    expect(Object.keys(map)).toEqual(['BTC/USD', 'ETH/USD']);
    const btc = map['BTC/USD'] as HeatMapEntry;
    expect(btc).toMatchObject({
      pair: 'BTC/USD',
      heatScore: 82,
      successRate: 71,
      progrevScore: 0.66,
      positionType: 'long',
      refereeTrend: 'bullish',
      refereeRisk: 'low',
      status: 'hot',
      density: 0.62,
      activeTriggers: ['news'],
      selectedAnalyses: [{ analysisId: btcAnalysisId }],
      aiComments: { summary: 'BTC/USD: bullish with heat 82.' },
    });
    // Raw worker and fetch errors are for admins: the public map carries no error text at all.
    expect(btc).not.toHaveProperty('recentErrors');
    expect(res.body).not.toContain('exchange timeout');
    // 12 h of stored 5-minute points, at the charts' 20-minute step (a partial step at each end).
    expect(btc.tickerData.price_history.length).toBeGreaterThanOrEqual(36);
    expect(btc.tickerData.price_history.length).toBeLessThanOrEqual(37);
    expect(btc.tickerData.volume_history).toHaveLength(btc.tickerData.price_history.length);
    expect(btc.tickerData.price_7d).toBe(64_000);
    expect(Date.parse(btc.lastUpdated)).toBeGreaterThan(Date.now() - 2 * HOUR);
    expect(map['ETH/USD']).toMatchObject({ status: 'open', activeTriggers: [] });
  });

  it('gives admins the recent errors of each pair', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/heat-map', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const map = adminHeatMapSchema.parse(res.json());
    expect(map['BTC/USD']?.recentErrors).toEqual([
      { error: 'exchange timeout', at: expect.any(String) as string },
    ]);
    expect(map['ETH/USD']?.recentErrors).toEqual([]);
    expect((await get('', trader.auth)).body).not.toContain('exchange timeout');
  });

  it('compresses the map per Accept-Encoding and answers 304 while it is unchanged', async () => {
    const plain = await get();
    const zipped = await get('', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    expect(zipped.headers.etag).toBe(etag);
    const again = await get('', { 'if-none-match': etag });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    expect((await get('', { 'if-none-match': `"other", ${etag}` })).statusCode).toBe(304);
    // Another selection is another body, so another tag.
    const other = await get('?minHeat=90', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
  });

  it('uses the bearer token when one is sent, and gives the same map', async () => {
    const res = await get('', trader.auth);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json<HeatMap>())).toEqual(['BTC/USD', 'ETH/USD']);
  });

  it('keeps only pairs analysed within the time range, never inactive or unanalysed pairs', async () => {
    expect(await pairsOf('?timeRange=30d')).toEqual(['BTC/USD', 'ETH/USD', 'SOL/USD']);
    expect(await pairsOf('?timeRange=90d')).toEqual(['BTC/USD', 'ETH/USD', 'SOL/USD']);
    expect(await pairsOf('?timeRange=all')).toEqual(['BTC/USD', 'ETH/USD', 'XRP/USD', 'SOL/USD']);
  });

  it('sorts by heat, progrev or last update', async () => {
    expect(await pairsOf('?timeRange=all&sortBy=progrev_desc')).toEqual([
      'BTC/USD',
      'XRP/USD',
      'ETH/USD',
      'SOL/USD',
    ]);
    expect(await pairsOf('?timeRange=all&sortBy=updated_desc')).toEqual([
      'BTC/USD',
      'ETH/USD',
      'SOL/USD',
      'XRP/USD',
    ]);
  });

  it('filters by heat, success and progrev ranges', async () => {
    expect(await pairsOf('?timeRange=all&minHeat=35&maxHeat=60')).toEqual(['ETH/USD', 'XRP/USD']);
    expect(await pairsOf('?timeRange=all&minSuccess=55')).toEqual(['BTC/USD', 'ETH/USD']);
    expect(await pairsOf('?timeRange=all&maxSuccess=50')).toEqual(['SOL/USD']);
    expect(await pairsOf('?timeRange=all&minProgrev=0.4&maxProgrev=0.6')).toEqual(['ETH/USD', 'XRP/USD']);
  });

  it('filters by position type (one, a comma list, or all), trend and risk', async () => {
    expect(await pairsOf('?timeRange=all&positionType=short')).toEqual(['ETH/USD']);
    expect(await pairsOf('?timeRange=all&positionType=long,quick_long')).toEqual(['BTC/USD', 'XRP/USD']);
    expect(await pairsOf('?timeRange=all&positionType=all')).toHaveLength(4);
    expect(await pairsOf('?timeRange=all&trend=bearish')).toEqual(['ETH/USD']);
    expect(await pairsOf('?timeRange=all&riskLevel=low')).toEqual(['BTC/USD']);
  });

  it('keeps only pairs with a trigger fired within the active window for filter=active_triggers', async () => {
    expect(await pairsOf('?timeRange=all&filter=active_triggers')).toEqual(['BTC/USD']);
  });

  it('searches pair symbols in any spelling, and limits the count', async () => {
    expect(await pairsOf('?timeRange=all&search=eth')).toEqual(['ETH/USD']);
    expect(await pairsOf('?timeRange=all&search=BTC-USD')).toEqual(['BTC/USD']);
    expect(await pairsOf('?timeRange=all&search=usd&limit=2')).toEqual(['BTC/USD', 'ETH/USD']);
    expect(await pairsOf('?timeRange=all&search=nothing')).toEqual([]);
  });

  it.each([
    ['?timeRange=forever', /timeRange/],
    ['?minHeat=101', /minHeat/],
    ['?minHeat=abc', /minHeat/],
    ['?maxProgrev=2', /maxProgrev/],
    ['?sortBy=price', /sortBy/],
    ['?positionType=long,sideways', /positionType/],
    ['?trend=up', /trend/],
    ['?riskLevel=extreme', /riskLevel/],
    ['?filter=everything', /filter/],
    ['?limit=0', /limit/],
    ['?minHeat=80&maxHeat=20', /minHeat must not be greater than maxHeat/],
  ])('refuses %s with 400 and a clear error', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
  });

  it('re-reads a pair on refreshPair, updates reads and tells room public', async () => {
    const seen: BusMessage[] = [];
    const stop = t.app.realtime.bus.subscribe((m) => seen.push(m));
    try {
      await seedAnalysis(t.db, {
        pair: 'ETH/USD',
        pairId: ids['ETH/USD']!,
        completedAt: ago(60_000),
        heatScore: 91,
        successRate: 66,
        trend: 'bullish',
        positionType: 'long',
      });
      await t.app.heatMap.refreshPair('ETH/USD');
      expect(await pairsOf('')).toEqual(['ETH/USD', 'BTC/USD']);
      // Coalesced: nothing goes out until the burst is over (or is flushed), then one event.
      expect(seen.filter((m) => m.event === 'heatmap_update')).toEqual([]);
      t.app.heatMap.flushUpdates();
      const updates = seen.filter((m) => m.event === 'heatmap_update');
      expect(updates).toHaveLength(1);
      expect(updates[0]?.rooms).toEqual(['public']);
      const eth = (updates[0]?.payload as HeatMapUpdate)['ETH/USD'];
      // Only what changed since clients loaded the map (heat-map.delta.test.ts covers histories).
      expect(eth).toMatchObject({ heatScore: 91, successRate: 66, refereeTrend: 'bullish' });
      expect(eth).not.toHaveProperty('pair');
      expect(JSON.stringify(updates[0]?.payload)).not.toContain('recentErrors');
    } finally {
      stop();
    }
  });

  it('re-reads a pair when the bus announces a completed analysis', async () => {
    const id = await seedAnalysis(t.db, {
      pair: 'SOL/USD',
      pairId: ids['SOL/USD']!,
      completedAt: ago(30_000),
      heatScore: 77,
    });
    t.app.realtime.bus.publish('analysis_completed', { pair: 'SOL/USD', analysisId: id });
    await expect
      .poll(async () => (await get()).json<HeatMap>()['SOL/USD']?.heatScore, { timeout: 5000 })
      .toBe(77);
  });
});

describe('GET /api/admin/heat-map', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;

  beforeAll(async () => {
    ({ t, admin, trader } = await createTestAppWithUsers());
    const specs = [
      { pair: 'BTC/USD', positionType: 'scalp_long', heatScore: 70, trend: 'bullish' },
      { pair: 'ETH/USD', positionType: 'hedge_short', heatScore: 60, trend: 'bearish' },
      { pair: 'LTC/USD', positionType: 'ml_scalp_neutral', heatScore: 20, trend: 'neutral' },
    ] as const;
    for (const spec of specs) {
      const pairId = await seedPair(t.db, spec.pair);
      await seedAnalysis(t.db, { ...spec, pairId, completedAt: ago(HOUR) });
    }
    await t.app.heatMap.reload();
  });
  afterAll(async () => t.close());

  const get = (query: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/admin/heat-map${query}`, headers });

  it('filters by bias (the direction of the position type), heat and sort for admins', async () => {
    const keys = async (query: string) => Object.keys((await get(query, admin.auth)).json<HeatMap>());
    expect(await keys('')).toEqual(['BTC/USD', 'ETH/USD', 'LTC/USD']);
    expect(await keys('?bias=short')).toEqual(['ETH/USD']);
    expect(await keys('?bias=balanced')).toEqual(['LTC/USD']);
    expect(await keys('?minHeat=50&trend=bullish')).toEqual(['BTC/USD']);
    expect((await get('?bias=up', admin.auth)).statusCode).toBe(400);
  });

  it('tags the admin map too', async () => {
    const first = await get('', admin.auth);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await get('', { ...admin.auth, 'if-none-match': etag })).statusCode).toBe(304);
    expect((await get('', { ...trader.auth, 'if-none-match': etag })).statusCode).toBe(403);
  });

  it('is for admins only', async () => {
    expect((await get('', trader.auth)).statusCode).toBe(403);
    expect((await get('', {})).statusCode).toBe(401);
  });
});
