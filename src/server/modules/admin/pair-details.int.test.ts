import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPairDetailsSchema, type AdminPairDetails } from '../../../contract/admin-pair-details';
import { actionLogs, analyses, candles, triggers } from '../../db/schema';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';
import { seedAnalysis, seedOffer, seedPair } from '../offers/testing/market-fixtures';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('GET /api/admin/pair-details/:pair', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;
  let latestId = '';
  let bypassId = '';
  let offerId = '';

  const get = (pair: string, user: TestUser | null = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/pair-details/${pair}`,
      headers: user?.auth ?? {},
    });

  beforeAll(async () => {
    ({ t, admin, trader } = await createTestAppWithUsers());
    const db = t.db;
    const pdx = await seedPair(db, 'PDX/USD');
    await seedPair(db, 'PDY/USD');
    await seedAnalysis(db, { pair: 'PDX/USD', pairId: pdx, completedAt: ago(90 * MINUTE), heatScore: 40 });
    latestId = await seedAnalysis(db, {
      pair: 'PDX/USD',
      pairId: pdx,
      completedAt: ago(30 * MINUTE),
      price: 250,
      heatScore: 81,
      successRate: 66,
      progrevScore: 0.62,
      trend: 'bearish',
      risk: 'high',
      positionType: 'quick_short',
      rsi14: 28,
      density: 0.4,
    });
    // A run still going: newest, without figures.
    await db.insert(analyses).values({ pairId: pdx, status: 'running', stage: 'backtest', progress: 60 });
    const [bypass] = await db
      .insert(triggers)
      .values({ symbol: 'PDX/USD', type: 'bypass_analysis', parameters: { timeframe: '4h' } })
      .returning({ id: triggers.id });
    await db.insert(triggers).values({ symbol: 'PDY/USD', type: 'bypass_analysis' });
    bypassId = await seedAnalysis(db, { pair: 'PDX/USD', pairId: pdx, completedAt: ago(60 * MINUTE) });
    await db.update(analyses).set({ triggerId: bypass!.id }).where(eq(analyses.id, bypassId));
    offerId = await seedOffer(db, { pairId: pdx, positionType: 'quick_short', heatScore: 81, status: 'hot' });
    await db.insert(actionLogs).values([
      { pair: 'PDX/USD', action: 'analysis.queued', status: 'ok', timestamp: ago(5 * MINUTE) },
      { pair: 'PDY/USD', action: 'analysis.queued', status: 'ok', timestamp: ago(4 * MINUTE) },
    ]);
    // 13 h of 1-minute candles: 12 h fall in the window; the close climbs 100 → 100 + 0.01 a minute.
    const start = Math.floor(Date.now() / MINUTE) * MINUTE - 13 * 60 * MINUTE;
    await db.insert(candles).values(
      Array.from({ length: 13 * 60 }, (_, i) => ({
        pairId: pdx,
        interval: '1m' as const,
        openTime: new Date(start + i * MINUTE),
        open: String(100 + i * 0.01),
        high: String(100 + i * 0.01 + 0.5),
        low: String(100 + i * 0.01 - 0.5),
        close: String(100 + i * 0.01),
        volume: '2',
      })),
    );
  }, 60_000);
  afterAll(async () => t.close());

  it("shows the pair's analyses, referee readings, history, bypass runs, offers, logs and triggers", async () => {
    const res = await get('PDX%2FUSD');
    expect(res.statusCode, res.body).toBe(200);
    const body: AdminPairDetails = adminPairDetailsSchema.parse(res.json());
    expect(body.pair).toBe('PDX/USD');

    expect(body.analyses.map((a) => a.status)).toEqual(['running', 'completed', 'completed', 'completed']);
    const [running, latest] = body.analyses;
    expect(running).toMatchObject({ stage: 'backtest', progress: 60, heatScore: null, timeframe: '1h' });
    expect(latest).toMatchObject({
      id: latestId,
      heatScore: 81,
      successRate: 66,
      progrevScore: 0.62,
      positionType: 'quick_short',
      density: 0.4,
      trend: 'bearish',
      risk: 'high',
      triggerType: null,
    });

    expect(body.tickerReferee).toMatchObject({
      analysisId: latestId,
      trend: 'bearish',
      risk: 'high',
      price: 250,
      rsi14: 28,
    });
    expect(body.dailyReferee).toMatchObject({ analysisId: latestId, trend: 'bearish', risk: 'high' });
    expect(typeof body.dailyReferee?.volatility7d).toBe('number');

    const history = body.tickerHistory;
    expect(history.price.length).toBeGreaterThanOrEqual(144);
    expect(history.price.length).toBeLessThanOrEqual(145);
    expect(history.volume).toHaveLength(history.price.length);
    const closes = history.price.map((p) => p.y);
    expect(history.summary).toMatchObject({
      first: closes[0],
      last: closes.at(-1),
      high: closes.at(-1),
      low: closes[0],
    });
    const { first, last, changePercent, totalVolume } = history.summary!;
    expect(changePercent).toBeCloseTo(((last - first) / first) * 100, 3);
    expect(totalVolume).toBeCloseTo(
      history.volume.reduce((sum, p) => sum + p.y, 0),
      1,
    );
    // The window starts 12 h ago: the candles of the 13th hour back (closes below 100.6) are left out.
    expect(first).toBeGreaterThanOrEqual(100.6);
    expect(first).toBeLessThan(100.7);

    expect(body.bypassAnalyses.map((a) => a.id)).toEqual([bypassId]);
    expect(body.bypassAnalyses[0]).toMatchObject({ triggerType: 'bypass_analysis', timeframe: '4h' });
    expect(body.recentOffers).toMatchObject([
      { id: offerId, pair: 'PDX/USD', status: 'hot', positionType: 'quick_short' },
    ]);
    expect(body.recentLogs.map((l) => [l.pair, l.action])).toEqual([['PDX/USD', 'analysis.queued']]);
    expect(body.triggers.map((tr) => [tr.symbol, tr.type])).toEqual([['PDX/USD', 'bypass_analysis']]);
  });

  it('takes the pair as BTC-USD too, and says plainly when a pair has nothing yet', async () => {
    const res = await get('pdy-usd');
    expect(res.statusCode, res.body).toBe(200);
    const body = adminPairDetailsSchema.parse(res.json());
    expect(body).toMatchObject({
      pair: 'PDY/USD',
      analyses: [],
      tickerReferee: null,
      dailyReferee: null,
      tickerHistory: { price: [], volume: [], summary: null },
      bypassAnalyses: [],
      recentOffers: [],
    });
    expect(body.triggers).toHaveLength(1);
  });

  it('answers 404 for an unknown pair and 400 for a malformed symbol, with { error }', async () => {
    const unknown = await get('NOPE%2FUSD');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'Unknown pair' });
    const malformed = await get('not%20a%20pair');
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json<object>())).toEqual(['error']);
  });

  it('is for admins only', async () => {
    expect((await get('PDX%2FUSD', null)).statusCode).toBe(401);
    const refused = await get('PDX%2FUSD', trader);
    expect(refused.statusCode).toBe(403);
    expect(Object.keys(refused.json<object>())).toEqual(['error']);
  });
});
