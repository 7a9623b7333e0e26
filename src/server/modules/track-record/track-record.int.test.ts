/**
 * The public track record through HTTP against a real database: offers committed as the offers
 * module inserts them, outcomes appended as it settles them, the public figures computed from the
 * chain alone, the export verified by the standalone verifier, and a chain that nothing in the
 * application (UPDATE, DELETE, TRUNCATE, a deleted pair, retention) can change.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackRecordResponseSchema, type TrackRecordResponse } from '../../../contract/track-record';
import { cryptoPairs, signalQualityReports, trackRecord } from '../../db/schema';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../../testing/test-app';
import { createOffersLifecycleRepo, type NewOffer } from '../offers/offers-lifecycle.repo';
import { exportFile, runVerifier, VERIFIER_PATH } from './testing/verifier';

const DECIDED = '2026-11-20T23:00:00.000Z';
const NEXT_DAY = '2026-11-21T23:00:00.000Z';

function offerValues(
  pairId: number,
  over: Partial<NewOffer> & { family: string | null; decidedAt?: string },
) {
  const { family, decidedAt, ...rest } = over;
  return {
    pairId,
    positionType: 'long',
    direction: 'long',
    side: 'buy',
    riskLevel: 'medium',
    trend: 'bullish',
    heatScore: 50,
    successRate: 60,
    expectedProfitPercent: 0.8,
    entryPrice: '100.5',
    takeProfitPercent: null,
    stopLossPercent: null,
    horizonMinutes: 1500,
    feePercent: 0.52,
    engineVersion: 'test-engine',
    dataCutoff: new Date('2026-11-20T23:59:59.999Z'),
    expiresAt: new Date(Date.now() + 86_400_000),
    provenance: {
      entryAt: '2026-11-21T00:00:00.000Z',
      bypassedThresholds: family === null,
      gate: family
        ? {
            family,
            variant: `${family}-v1`,
            decidedAt: decidedAt ?? DECIDED,
            trades: 120,
            meanNetPercent: 0.8,
            lowerBoundPercent: 0.2,
            tStat: 2.4,
            deflatedSharpe: 0.97,
            pbo: 0.1,
            trials: 40,
          }
        : null,
    },
    ...rest,
  } satisfies NewOffer;
}

const settle = (
  net: number | null,
  outcome: 'succeeded' | 'failed' | 'neither' | 'unscoreable',
  at: Date,
) => ({
  outcome,
  reason: outcome === 'unscoreable' ? 'no stored candles cover the offer from entry to horizon' : null,
  at,
  exit:
    net === null
      ? null
      : { exitPrice: 100.5 * (1 + (net + 0.52) / 100), exitAt: Date.now(), netPercent: net },
});

describe('the public track record', () => {
  let t: TestApp;
  let admin: TestUser;
  const ids: Record<string, string> = {};

  const read = async (query = ''): Promise<TrackRecordResponse> => {
    const res = await t.app.inject({ method: 'GET', url: `/api/track-record${query}` });
    expect(res.statusCode).toBe(200);
    return trackRecordResponseSchema.parse(res.json());
  };
  const exportText = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/track-record/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/jsonl');
    return res.body;
  };

  beforeAll(async () => {
    ({ t, admin } = await createTestAppWithUsers());
    const [aaa, bbb] = await t.db
      .insert(cryptoPairs)
      .values([
        { symbol: 'AAA/USD', krakenSymbol: 'AAAUSD', base: 'AAA', quote: 'USD' },
        { symbol: 'BBB/USD', krakenSymbol: 'BBBUSD', base: 'BBB', quote: 'USD' },
      ])
      .returning();
    const repo = createOffersLifecycleRepo(t.db);
    const publish = async (
      name: string,
      pair: { id: number; symbol: string },
      over: Parameters<typeof offerValues>[1],
    ) => {
      const id = await repo.insertLive(offerValues(pair.id, over), pair.symbol);
      if (!id) throw new Error(`${name} was not inserted`);
      ids[name] = id;
    };
    await publish('won', aaa!, { family: 'ts-trend' });
    await publish('lost', bbb!, { family: 'ts-trend', decidedAt: NEXT_DAY });
    await publish('pending', aaa!, {
      family: 'xs-momentum',
      positionType: 'short',
      side: 'sell',
      direction: 'short',
    });
    await publish('unscoreable', bbb!, {
      family: 'ts-trend',
      positionType: 'short',
      side: 'sell',
      direction: 'short',
    });
    await publish('bypass', aaa!, {
      family: null,
      positionType: 'scalp_long',
      takeProfitPercent: 2,
      stopLossPercent: 1,
      horizonMinutes: 60,
    });
    // The family held 'lost' on through its next decision: one extension, committed.
    expect(
      await repo.moveEnd(ids.lost!, {
        expiresAt: new Date(Date.now() + 2 * 86_400_000),
        horizonMinutes: 2940,
        decidedAt: NEXT_DAY,
        now: new Date(),
      }),
    ).toBe(true);
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await repo.setOutcome(ids.won!, settle(1.5, 'succeeded', at(1)));
    await repo.setOutcome(ids.lost!, settle(-0.5, 'failed', at(2)));
    await repo.setOutcome(ids.unscoreable!, settle(null, 'unscoreable', at(3)));
    await repo.setOutcome(ids.bypass!, settle(10, 'succeeded', at(4)));
    // A second settlement of a settled offer changes nothing and appends nothing.
    await repo.setOutcome(ids.won!, settle(-9, 'failed', at(5)));
    // The gate's walk-forward as of the latest backtest: ts-trend's positions on the two days.
    await t.db.insert(signalQualityReports).values({
      engineVersion: 'test-engine',
      pairs: 2,
      report: {
        computedAt: new Date().toISOString(),
        gate: {
          backtest: {
            days: [
              {
                family: 'ts-trend',
                day: '2026-11-19T00:00:00.000Z',
                trades: 9,
                wins: 9,
                netSumPercent: 90,
                netSquaresPercent: 900,
              },
              {
                family: 'ts-trend',
                day: '2026-11-20T00:00:00.000Z',
                trades: 4,
                wins: 3,
                netSumPercent: 4,
                netSquaresPercent: 6,
              },
              {
                family: 'ts-trend',
                day: '2026-11-21T00:00:00.000Z',
                trades: 1,
                wins: 0,
                netSumPercent: -3,
                netSquaresPercent: 9,
              },
            ],
          },
        },
      },
    });
  }, 60_000);
  afterAll(async () => t.close());

  it('lists every committed offer signed out, with the figures of the settled ones, bypass left out', async () => {
    const record = await read();
    // 5 commitments, 1 extension, 4 outcomes.
    expect(record.head.count).toBe(10);
    expect(record.head.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(record.options).toEqual({ families: ['ts-trend', 'xs-momentum'], pairs: ['AAA/USD', 'BBB/USD'] });
    expect(record.bypassOffers).toBe(1);
    expect(record.figures).toMatchObject({
      offers: 4,
      settled: 2,
      pending: 1,
      unscoreable: 1,
      succeeded: 1,
      hitRate: 50,
      predictedSuccessRate: 60,
    });
    // Returns 1.5 and −0.5: mean 0.5, standard deviation √2, standard error 1.
    expect(record.figures.meanNetReturnPercent).toBeCloseTo(0.5, 10);
    expect(record.figures.tStat).toBeCloseTo(0.5, 10);
    expect(record.figures.totalNetReturnPercent).toBeCloseTo(1, 10);
    expect(record.figures.maxDrawdownPercent).toBeCloseTo(0.5, 10);
    expect(record.equity.map((p) => p.totalNetReturnPercent)).toEqual([0, 1.5, 1]);
    expect(record.equity[0]!.at).toBe(record.offers.data.at(-1)!.publishedAt);

    expect(record.offers.total).toBe(5);
    const byId = new Map(record.offers.data.map((o) => [o.offerId, o]));
    expect(record.offers.data.map((o) => o.offerId)).toEqual(
      ['bypass', 'unscoreable', 'pending', 'lost', 'won'].map((name) => ids[name]),
    );
    expect(byId.get(ids.won!)).toMatchObject({
      pair: 'AAA/USD',
      side: 'buy',
      family: 'ts-trend',
      bypass: false,
      entryPrice: '100.5',
      outcome: 'succeeded',
      netReturnPercent: 1.5,
      predictedSuccessRate: 60,
      feePercent: 0.52,
      extensions: 0,
    });
    expect(byId.get(ids.lost!)).toMatchObject({ outcome: 'failed', horizonMinutes: 2940, extensions: 1 });
    expect(byId.get(ids.pending!)).toMatchObject({
      outcome: 'pending',
      netReturnPercent: null,
      exitPrice: null,
    });
    expect(byId.get(ids.unscoreable!)).toMatchObject({ outcome: 'unscoreable', netReturnPercent: null });
    expect(byId.get(ids.bypass!)).toMatchObject({ bypass: true, family: null, takeProfitPercent: 2 });
  });

  it('filters by family and pair, and pages the list', async () => {
    const trend = await read('?family=ts-trend');
    expect(trend.figures).toMatchObject({ offers: 3, settled: 2 });
    expect(trend.bypassOffers).toBe(0);
    const bbb = await read('?pair=BBB/USD&period=7d');
    expect(bbb.figures).toMatchObject({ offers: 2, settled: 1, unscoreable: 1, hitRate: 0 });
    expect(bbb.offers.data.map((o) => o.pair)).toEqual(['BBB/USD', 'BBB/USD']);
    const page = await read('?limit=2&offset=2');
    expect(page.offers).toMatchObject({ total: 5 });
    expect(page.offers.data.map((o) => o.offerId)).toEqual([ids.pending, ids.lost]);
  });

  it('sets each family beside its backtest over the days of its live decisions', async () => {
    const { families } = await read();
    expect(families.map((f) => f.family)).toEqual(['ts-trend', 'xs-momentum']);
    const trend = families[0]!;
    // Live decisions on Nov 20 and 21: the backtest's trades of those days only (not Nov 19).
    expect(trend.backtest).toMatchObject({
      from: '2026-11-20T00:00:00.000Z',
      to: '2026-11-21T23:59:59.999Z',
      trades: 5,
      hitRate: 60,
      outside: false,
    });
    expect(trend.backtest!.meanNetReturnPercent).toBeCloseTo(0.2, 10);
    // Variance (15 − 5 × 0.2²) / 4 = 3.7; a mean of 2 live trades: ± 1.96 × √3.7 / √2.
    const halfWidth = (1.96 * Math.sqrt(3.7)) / Math.sqrt(2);
    expect(trend.backtest!.interval!.low).toBeCloseTo(0.2 - halfWidth, 10);
    expect(trend.backtest!.interval!.high).toBeCloseTo(0.2 + halfWidth, 10);
    // Nothing settled live yet: nothing to compare.
    expect(families[1]).toMatchObject({
      family: 'xs-momentum',
      backtest: null,
      live: { offers: 1, settled: 0 },
    });
  });

  it('exports the chain as JSON Lines that the standalone verifier accepts, and refuses an edited copy', async () => {
    const text = await exportText();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    const entries = lines
      .slice(0, 10)
      .map((line) => JSON.parse(line) as { seq: number; entry: { kind: string } });
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(entries.map((e) => e.entry.kind)).toEqual([
      'offer',
      'offer',
      'offer',
      'offer',
      'offer',
      'revision',
      'outcome',
      'outcome',
      'outcome',
      'outcome',
    ]);
    const head = (await read()).head;
    expect(JSON.parse(lines[10]!)).toMatchObject({ head: { count: 10, hash: head.hash } });

    expect(runVerifier([exportFile(text)])).toEqual({
      status: 0,
      output: 'track record intact (10 entries)',
    });
    // The won offer's net return, doubled after the fact.
    const edited = text.replace('"netReturnPercent":1.5', '"netReturnPercent":3');
    expect(edited).not.toBe(text);
    const refused = runVerifier([exportFile(edited)]);
    expect(refused.status).toBe(1);
    expect(refused.output).toMatch(/^track record broken at line 7:/);
  });

  it('serves the verifier byte for byte as the repository holds it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/track-record/verifier' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="verify-track-record.mjs"');
    expect(res.rawPayload.equals(readFileSync(VERIFIER_PATH))).toBe(true);
  });

  it('refuses every change to the chain, in the application and in SQL', async () => {
    const before = await exportText();
    for (const statement of [
      sql`update track_record set body = body where seq = 1`,
      sql`delete from track_record where seq = 10`,
      sql`truncate track_record`,
    ])
      await expect(t.db.execute(statement)).rejects.toThrow();
    expect((await t.db.select({ seq: trackRecord.seq }).from(trackRecord)).length).toBe(10);

    // Deleting a pair removes its offers (cascade), and retention prunes what is old: the record stays.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manage-pairs',
      headers: admin.auth,
      payload: { action: 'delete', symbol: 'BBB/USD' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.worker.runNow('retention');
    const after = await exportText();
    const withoutExportTime = (text: string) => text.replace(/"exportedAt":"[^"]+"/, '');
    expect(withoutExportTime(after)).toBe(withoutExportTime(before));
    expect((await read('?pair=BBB/USD')).offers.total).toBe(2);
    expect(runVerifier([exportFile(after)]).status).toBe(0);
  });

  it('answers bad filters with a 400 and a message', async () => {
    for (const query of ['?pair=not-a-pair', '?limit=1000', '?period=1y', '?offset=-1']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/track-record${query}` });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toEqual(expect.any(String));
    }
  });
});
