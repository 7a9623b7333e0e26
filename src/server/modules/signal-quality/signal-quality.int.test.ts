/**
 * Signal Quality over a fixed set of settled offers: the live calibration, the Brier score against
 * the base rate's, and every published offer counted by how it ended, unscored and unscoreable
 * included (no survivorship), each within the asked time range.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signalQualityResponseSchema } from '../../../contract/signal-quality';
import { cryptoPairs, offers, type OfferOutcome } from '../../db/schema';
import { DAY_MS, HOUR_MS } from '../../shared/time';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';

type Seed = {
  positionType: 'long' | 'short';
  riskLevel: 'low' | 'high';
  successRate: number;
  outcome: OfferOutcome | null;
  ageDays: number;
};

const seeds: Seed[] = [
  // long × low, predicted 60 %: 3 of 5 succeeded.
  ...(['succeeded', 'succeeded', 'succeeded', 'failed', 'neither'] as const).map((outcome) => ({
    positionType: 'long' as const,
    riskLevel: 'low' as const,
    successRate: 60,
    outcome,
    ageDays: 2,
  })),
  // short × high, 20 days old: predicted 30 and 50, one of each way.
  { positionType: 'short', riskLevel: 'high', successRate: 30, outcome: 'succeeded', ageDays: 20 },
  { positionType: 'short', riskLevel: 'high', successRate: 50, outcome: 'failed', ageDays: 20 },
  // Published but never judged: two unscoreable, three not scored yet.
  ...Array.from({ length: 2 }, () => ({
    positionType: 'long' as const,
    riskLevel: 'low' as const,
    successRate: 90,
    outcome: 'unscoreable' as const,
    ageDays: 3,
  })),
  ...Array.from({ length: 3 }, () => ({
    positionType: 'long' as const,
    riskLevel: 'low' as const,
    successRate: 90,
    outcome: null,
    ageDays: 1,
  })),
  // Older than 90 days: counted only in 'all'.
  { positionType: 'long', riskLevel: 'low', successRate: 80, outcome: 'succeeded', ageDays: 100 },
];

describe('GET /api/signal-quality on settled offers', () => {
  let t: TestApp;
  let trader: TestUser;

  const read = async (timeRange: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/signal-quality?timeRange=${timeRange}`,
      headers: trader.auth,
    });
    expect(res.statusCode).toBe(200);
    return signalQualityResponseSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp();
    trader = await signUp(t.app, 'Quality Reader');
    const [pair] = await t.db
      .insert(cryptoPairs)
      .values({ symbol: 'SQ/USD', krakenSymbol: 'SQUSD', base: 'SQ', quote: 'USD' })
      .returning();
    const now = Date.now();
    await t.db.insert(offers).values(
      seeds.map((seed) => {
        const createdAt = new Date(now - seed.ageDays * DAY_MS);
        return {
          pairId: pair!.id,
          positionType: seed.positionType,
          direction: seed.positionType,
          side: seed.positionType === 'long' ? ('buy' as const) : ('sell' as const),
          riskLevel: seed.riskLevel,
          trend: 'neutral' as const,
          heatScore: 50,
          successRate: seed.successRate,
          expectedProfitPercent: 0.5,
          entryPrice: '100',
          takeProfitPercent: 2,
          stopLossPercent: 1,
          horizonMinutes: 240,
          status: 'expired' as const,
          expiresAt: new Date(createdAt.getTime() + 4 * HOUR_MS),
          outcome: seed.outcome,
          outcomeReason: seed.outcome === 'unscoreable' ? 'no entry time recorded' : null,
          createdAt,
        };
      }),
    );
  }, 60_000);
  afterAll(async () => t.close());

  it('calibrates the scored offers of the range by position type and risk', async () => {
    const body = await read('90d');
    expect(body.groups).toEqual([
      {
        positionType: 'long',
        riskLevel: 'low',
        predictedSuccessRate: 60,
        sampleSize: 5,
        succeeded: 3,
        failed: 1,
        neither: 1,
        realisedSuccessRate: 60,
      },
      {
        positionType: 'short',
        riskLevel: 'high',
        predictedSuccessRate: 40,
        sampleSize: 2,
        succeeded: 1,
        failed: 1,
        neither: 0,
        realisedSuccessRate: 50,
      },
    ]);
    expect(body.calibration.map((b) => b.sampleSize)).toEqual([0, 0, 0, 1, 0, 1, 5, 0, 0, 0]);
    expect(body.backtest).toBeNull();
  });

  it('scores the predictions against always predicting the base rate', async () => {
    const body = await read('90d');
    // (3 × 0.4² + 2 × 0.6² + 0.7² + 0.5²) / 7 over the seven scored offers.
    expect(body.brierScore).toBeCloseTo(1.94 / 7, 10);
    // 4 of 7 succeeded: always predicting 4/7 scores (4/7)(3/7).
    expect(body.brierBaseline).toBeCloseTo(12 / 49, 10);

    const all = await read('all');
    expect(all.brierScore).toBeCloseTo(1.98 / 8, 10);
    expect(all.brierBaseline).toBeCloseTo(15 / 64, 10);
  });

  it('counts every published offer of the range by how it ended, unscored and unscoreable too', async () => {
    expect((await read('90d')).published).toEqual({
      published: 12,
      succeeded: 4,
      failed: 2,
      neither: 1,
      unscoreable: 2,
      pending: 3,
    });
    expect((await read('7d')).published).toEqual({
      published: 10,
      succeeded: 3,
      failed: 1,
      neither: 1,
      unscoreable: 2,
      pending: 3,
    });
    expect((await read('all')).published.published).toBe(seeds.length);
  });
});
