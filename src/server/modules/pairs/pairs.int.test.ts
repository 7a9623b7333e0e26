import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairTickerResponseSchema, type PairTicker } from '../../../contract/pairs';
import { candles } from '../../db/schema';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  seedAnalysis,
  seedOffer,
  seedPair,
  seedTickerLog,
  seedTrigger,
} from '../offers/testing/market-fixtures';

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('GET /api/pairs/ticker/:pair', () => {
  let t: TestApp;
  let trader: TestUser;
  let analysisId = '';
  let liveOfferId = '';

  beforeAll(async () => {
    t = await createTestApp();
    trader = await signUp(t.app, 'Trader');
    const db = t.db;
    const btc = await seedPair(db, 'BTC/USD');
    await seedTickerLog(db, {
      pairId: btc,
      price: '64000.00',
      volume: '1500.5',
      percentage: '-2.5',
      bid: '63990.00',
      ask: '64010.00',
      at: ago(HOUR),
    });
    await seedTickerLog(db, {
      pairId: btc,
      price: '64250.50',
      volume: '1523.25',
      percentage: '1.75',
      bid: '64249.00',
      ask: '64252.00',
      at: ago(60_000),
    });
    // 24 hourly candles: the range comes from these (high 65 100, low 62 900).
    const hour = Math.floor(Date.now() / HOUR) * HOUR;
    await db.insert(candles).values(
      Array.from({ length: 24 }, (_, i) => ({
        pairId: btc,
        interval: '1h' as const,
        openTime: new Date(hour - (23 - i) * HOUR),
        open: String(63_000 + i * 50),
        high: String(i === 10 ? 65_100 : 64_500),
        low: String(i === 3 ? 62_900 : 63_000),
        close: String(63_050 + i * 50),
        volume: '60',
      })),
    );
    analysisId = await seedAnalysis(db, {
      pair: 'BTC/USD',
      pairId: btc,
      completedAt: ago(20 * 60_000),
      price: 64_200,
      heatScore: 80,
      successRate: 68,
      progrevScore: 0.61,
      trend: 'bullish',
      risk: 'low',
      positionType: 'scalp_long',
      rsi14: 70,
      density: 0.55,
    });
    await seedOffer(db, { pairId: btc, positionType: 'long', heatScore: 90, status: 'hot' });
    liveOfferId = await seedOffer(db, {
      pairId: btc,
      positionType: 'scalp_long',
      heatScore: 80,
      status: 'hot',
    });
    await seedTrigger(db, { symbol: 'BTC/USD', type: 'breakout', lastFiredAt: ago(HOUR) });
    await seedTrigger(db, { symbol: 'BTC/USD', type: 'news', lastFiredAt: ago(12 * HOUR) });

    const eth = await seedPair(db, 'ETH/USD');
    await seedTickerLog(db, { pairId: eth, price: '3100', volume: '900', percentage: '0.4' });
    await seedPair(db, 'ADA/USD');
    // Only candles so far (no ticker log yet), from a market whose clock is two days behind.
    const sol = await seedPair(db, 'SOL/USD');
    const solEnd = hour - 48 * HOUR;
    await db.insert(candles).values(
      Array.from({ length: 30 }, (_, i) => ({
        pairId: sol,
        interval: '1h' as const,
        openTime: new Date(solEnd - (29 - i) * HOUR),
        open: String(100 + i),
        high: String(102 + i),
        low: String(99 + i),
        close: String(101 + i),
        volume: '10',
      })),
    );
  });
  afterAll(async () => t.close());

  const get = async (path: string, headers: Record<string, string> = trader.auth) =>
    t.app.inject({ method: 'GET', url: `/api/pairs/ticker/${path}`, headers });
  const ticker = async (path: string): Promise<PairTicker> => {
    const res = await get(path);
    expect(res.statusCode, res.body).toBe(200);
    const body = pairTickerResponseSchema.parse(res.json());
    expect(body.tickers).toHaveLength(1);
    return body.tickers[0]!;
  };

  it('combines the latest ticker, the latest analysis, the live offer and active triggers', async () => {
    const btc = await ticker('BTC-USD?include=historical,orderBook,sentiment');
    expect(btc).toMatchObject({
      pair: 'BTC/USD',
      price: 64250.5,
      volume: 1523.25,
      percentage: 1.75,
      density: 0.55,
      historical: { high24h: 65_100, low24h: 62_900 },
      orderBook: { bid: 64249, ask: 64252, spread: 3 },
      heatScore: 80,
      successRate: 68,
      positionType: 'scalp_long',
      progrevScore: 0.61,
      refereeTrend: 'bullish',
      refereeRisk: 'low',
      activeTriggers: ['breakout'],
      aiComments: { summary: 'BTC/USD: bullish with heat 80.' },
      offerId: liveOfferId,
    });
    expect(Date.parse(btc.timestamp)).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(Date.parse(btc.lastUpdated!)).toBeGreaterThan(Date.now() - HOUR);
    expect(btc.context).toBe(
      'BTC/USD trades at 64,250.5, up 1.75 % in 24 h; bullish trend, low risk, heat 80/100, RSI 70; active triggers: breakout.',
    );
    // Bullish trend and RSI 70 at heat 80: (1 + 0.4) / 2 × (0.5 + 0.4) = 0.63.
    expect(btc.sentiment).toEqual({ score: 0.63, label: 'bullish', sources: 1 });
    expect(analysisId).toBeTruthy();
  });

  it('accepts the pair URL-encoded or in lower case, and leaves out what was not included', async () => {
    const encoded = await ticker('BTC%2FUSD');
    expect(encoded.pair).toBe('BTC/USD');
    expect(encoded).toMatchObject({ historical: null, orderBook: null, sentiment: null });
    expect((await ticker('btc-usd?include=orderBook')).orderBook).toEqual({
      bid: 64249,
      ask: 64252,
      spread: 3,
    });
  });

  it('gives market data with null signal fields for a pair not analysed yet', async () => {
    const eth = await ticker('ETH-USD?include=sentiment,orderBook');
    expect(eth).toMatchObject({
      pair: 'ETH/USD',
      price: 3100,
      heatScore: null,
      successRate: null,
      positionType: null,
      refereeTrend: null,
      sentiment: null,
      orderBook: null,
      offerId: null,
      lastUpdated: null,
      activeTriggers: [],
      aiComments: { summary: 'None' },
    });
    expect(eth.context).toBe('ETH/USD trades at 3,100, up 0.40 % in 24 h; not analysed yet.');
  });

  it('falls back to the last 24 hourly candles before the first ticker log', async () => {
    const sol = await ticker('SOL-USD?include=historical,orderBook');
    // Candles 6..29 are the 24 up to the latest: open 106 → close 130, range 105..131, 24 × 10 volume.
    expect(sol).toMatchObject({
      price: 130,
      volume: 240,
      historical: { high24h: 131, low24h: 105 },
      orderBook: null,
    });
    expect(sol.percentage).toBeCloseTo(((130 - 106) / 106) * 100, 10);
  });

  it('answers 404 for an unknown pair or one without market data, 400 for a malformed one', async () => {
    const unknown = await get('DOGE-USD');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Unknown pair' });
    const empty = await get('ADA-USD');
    expect(empty.statusCode).toBe(404);
    expect(empty.json()).toEqual({ error: 'No market data for ADA/USD yet' });
    expect((await get('bitcoin')).statusCode).toBe(400);
    expect((await get('BTC-USD?include=everything')).statusCode).toBe(400);
  });

  it('needs a signed-in caller', async () => {
    expect((await get('BTC-USD', {})).statusCode).toBe(401);
  });
});
