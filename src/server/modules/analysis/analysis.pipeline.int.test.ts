import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { heatMapSchema } from '../../../contract/heatmap';
import { offerSchema } from '../../../contract/offers';
import { analyses, analysisSnapshots, offers } from '../../db/schema';
import { judgeOffer } from '../offers/offer-lifecycle';
import type { PublicationGate } from '../../../contract/signal-quality';
import { autoAnalysisConfigSchema } from '../../../contract/admin-settings';
import { analyzePair } from '../../engine';
import { createManualClock } from '../../providers/market';
import { FAMILIES } from '../../research/families';
import { RESEARCH_TRIALS } from '../../research/research-trials';
import { createSimulatedMarketSource } from '../../providers/market/simulated';
import type { BusMessage } from '../../realtime/event-bus';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';

// A fixed market clock: the same seed and time give the same candles, so the same scores.
const START = Date.UTC(2026, 10, 20, 12, 0, 0);

async function startMarket(seed = 7) {
  const clock = createManualClock(START);
  const t = await createTestApp({ overrides: { market: createSimulatedMarketSource({ seed, clock }) } });
  const events: BusMessage[] = [];
  t.app.bus.subscribe((message) => events.push(message));
  t.app.analysisPipeline.startWorker(2);
  await t.app.worker.runNow('market-sync');
  await t.app.analysisQueue.drained();
  // The heat map's changes go out as one coalesced event once the burst is over.
  await vi.waitFor(() => expect(events.some((e) => e.event === 'heatmap_update')).toBe(true), {
    timeout: 5000,
  });
  // The heat-map cache refreshes on `analysis_completed` asynchronously: read it afresh from the database.
  await t.app.heatMap.reload();
  return { t, clock, events };
}

const heatMapOf = async (t: TestApp) =>
  heatMapSchema.parse(
    (await t.app.inject({ method: 'GET', url: '/api/offers/heat-map?timeRange=7d' })).json(),
  );

/** What an analysis decides for each pair: equal for equal candles, whoever computes it. */
const scoresOf = async (t: TestApp) =>
  Object.fromEntries(
    Object.entries(await heatMapOf(t)).map(([pair, e]) => [
      pair,
      [e.heatScore, e.successRate, e.progrevScore, e.positionType, e.refereeRisk],
    ]),
  );

/** The first deployment's scores, taken right after its first sync, before its tests move its clock. */
let firstScores: Awaited<ReturnType<typeof scoresOf>>;

describe('the analysis pipeline on the simulated market', () => {
  let t: TestApp;
  let events: BusMessage[];
  let clock: ReturnType<typeof createManualClock>;
  let trader: TestUser;

  beforeAll(async () => {
    ({ t, events, clock } = await startMarket());
    firstScores = await scoresOf(t);
    trader = await signUp(t.app, 'Trader');
    // The first sync analyses every simulated pair: 85 s alone on PostgreSQL, over 120 s on a loaded CI run.
  }, 300_000);
  afterAll(async () => t.close());

  it('analyses every simulated pair in stages and fills the heat map with varied, non-zero scores', async () => {
    const runs = await t.db.select().from(analyses);
    expect(runs).toHaveLength(12);
    expect(runs.every((r) => r.status === 'completed' && r.progress === 100)).toBe(true);
    const stages = await t.db
      .select()
      .from(analysisSnapshots)
      .where(eq(analysisSnapshots.analysisId, runs[0]!.id));
    expect(stages.map((s) => s.stage)).toEqual([
      null,
      'fetch',
      'indicators',
      'backtest',
      'scoring',
      'offer',
      'offer',
    ]);

    const map = await heatMapOf(t);
    expect(Object.keys(map)).toHaveLength(12);
    const heats = Object.values(map).map((e) => e.heatScore);
    expect(heats.every((h) => h > 0 && h <= 100)).toBe(true);
    expect(new Set(heats.map((h) => h.toFixed(1))).size).toBeGreaterThan(6);
    for (const entry of Object.values(map)) {
      expect(entry.successRate).toBeGreaterThan(0);
      // Most of 12 h at the heat map's chart step (20 minutes: 36 points for a full 12 h).
      expect(entry.tickerData.price_history.length).toBeGreaterThan(25);
      expect(entry.aiComments.summary).toContain(entry.pair);
    }
    const statuses = events
      .filter((e) => e.event === 'analysis_status')
      .map((e) => e.payload as { status: string });
    expect(statuses.filter((s) => s.status === 'completed')).toHaveLength(12);
  });

  it('publishes an offer for a bypass analysis, lists it to traders and announces it', async () => {
    const { analysisId } = await t.app.analysis.requestAnalysis({
      pair: 'ETH/USD',
      bypassThresholds: true,
      reason: 'test',
    });
    await t.app.analysisQueue.drained();
    const [row] = await t.db.select().from(offers).where(eq(offers.analysisId, analysisId));
    expect(row).toBeDefined();
    expect(row!.provenance).toMatchObject({
      engineVersion: expect.any(String) as unknown,
      bypassedThresholds: true,
    });
    const announced = events.find(
      (e) => e.event === 'new_offer' && (e.payload as { id: string }).id === row!.id,
    );
    expect(offerSchema.parse(announced?.payload).pair).toBe('ETH/USD');
    expect(announced?.rooms).toEqual(['traders']);

    const list = await t.app.inject({ method: 'GET', url: '/api/offers?limit=50', headers: trader.auth });
    expect(list.json<{ data: { id: string }[] }>().data.map((o) => o.id)).toContain(row!.id);

    // A second analysis of the pair on the same candles keeps the one live offer per position type.
    await t.app.analysis.requestAnalysis({
      pair: 'ETH/USD',
      bypassThresholds: true,
      reason: 'again',
    });
    await t.app.analysisQueue.drained();
    const live = await t.db.select().from(offers).where(eq(offers.pairId, row!.pairId));
    expect(live.filter((o) => o.status === 'open' || o.status === 'hot')).toHaveLength(1);

    // A run taken over after its worker died publishes nothing more, whatever signal it computes now.
    const hourly = await t.app.market.candles(row!.pairId, '1h', 0);
    const analysis = analyzePair({
      pair: 'ETH/USD',
      hourly,
      minute: [],
      activeTriggerCount: 0,
      takerFeePercent: 0.26,
    });
    const other = row!.positionType === 'short' ? 'long' : 'short';
    const again = await t.app.offers.publish({
      pairId: row!.pairId,
      pair: 'ETH/USD',
      gate: null,
      analysisId,
      triggerId: null,
      analysis: { ...analysis, signal: { ...analysis.signal, positionType: other } },
      aiSummary: 'rerun',
      volume24hQuote: null,
      config: autoAnalysisConfigSchema.parse({}),
      bypassThresholds: true,
      now: new Date(),
      entryAt: Date.now(),
    });
    expect(again).toMatchObject({ offerId: row!.id, created: false });
    expect(await t.db.select().from(offers).where(eq(offers.analysisId, analysisId))).toHaveLength(1);
  }, 120_000);

  it('scores the offer at its horizon against the candles that followed', async () => {
    // The bypass analysis' engine offer (exit levels; the gate's offers are scored in gate-publication).
    const [offer] = await t.db.select().from(offers).where(isNotNull(offers.takeProfitPercent));
    expect(offer?.outcome).toBeNull();
    // Walk the market past the offer's horizon, an hour at a time, as the worker would.
    const hours = Math.ceil(offer!.horizonMinutes / 60) + 2;
    for (let h = 0; h < hours; h++) {
      clock.advance(3_600_000);
      await t.app.worker.runNow('market-refresh');
    }
    await t.app.offers.scoreOutcomes();
    const [scored] = await t.db.select().from(offers).where(eq(offers.id, offer!.id));
    // The outcome the stored candles give for this offer's own entry, exits and horizon.
    const entryAt = Date.parse(String(offer!.provenance?.entryAt));
    const horizonEnd = entryAt + offer!.horizonMinutes * 60_000;
    const definition = {
      side: offer!.side,
      entryPrice: Number(offer!.entryPrice),
      takeProfitPercent: offer!.takeProfitPercent,
      stopLossPercent: offer!.stopLossPercent,
      feePercent: offer!.feePercent,
    };
    const judge = async (interval: '1m' | '1h', intervalMs: number) =>
      judgeOffer(definition, await t.app.market.candles(offer!.pairId, interval, entryAt), {
        entryAt,
        horizonEnd,
        intervalMs,
      });
    const expected = (await judge('1m', 60_000)) ?? (await judge('1h', 3_600_000));
    expect(expected).not.toBeNull();
    expect(scored).toMatchObject({ outcome: expected, outcomeReason: null });
  }, 120_000);
});

// A second deployment of the same market: it must decide exactly as the first did, and then it
// serves the signal-quality checks from its fresh state (nothing scored yet).
describe('a second deployment of the same market', () => {
  let second: Awaited<ReturnType<typeof startMarket>>;
  beforeAll(async () => {
    second = await startMarket();
  }, 120_000);
  afterAll(async () => second.t.close());

  it('gives the same scores for the same candles', async () => {
    const scores = await scoresOf(second.t);
    expect(Object.keys(scores)).toHaveLength(12);
    expect(scores).toEqual(firstScores);
  });

  it('serves the walk-forward backtest of the stored candles and the live scored offers', async () => {
    const { t, clock } = second;
    const trader = await signUp(t.app, 'Quality');
    expect((await t.app.inject({ method: 'GET', url: '/api/signal-quality' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/signal-quality?timeRange=all',
      headers: trader.auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      backtest: {
        pairs: number;
        signals: number;
        deciles: { count: number }[];
        mae: number;
        gate: PublicationGate;
      } | null;
      calibration: { sampleSize: number }[];
      brierScore: number | null;
    }>();
    expect(body.backtest?.pairs).toBe(12);
    expect(body.backtest?.signals).toBeGreaterThan(100);
    expect(body.backtest?.deciles.reduce((n, d) => n + d.count, 0)).toBe(body.backtest?.signals);
    // The publication gate: every family judged on the same stored candles, with its figures.
    const gate = body.backtest!.gate;
    expect(gate).toMatchObject({ pairs: 12, trials: RESEARCH_TRIALS, feeSchedule: 'kraken-legacy' });
    expect(gate.days).toBeGreaterThanOrEqual(89);
    expect(gate.families.map((f) => f.name)).toEqual(FAMILIES.map((f) => f.name));
    for (const family of gate.families) {
      expect(family.passes).toBe(family.misses.length === 0);
      expect(family.variants).toBeGreaterThanOrEqual(4);
      if (family.signals > 0) expect(family.meanNetPercent).toEqual(expect.any(Number));
    }
    // Admins find the same verdicts in System Health (the first account is the operator's owner).
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/admin/system-health',
      headers: trader.auth,
    });
    expect(health.statusCode).toBe(200);
    expect(health.json<{ publicationGate: unknown }>().publicationGate).toEqual(gate);
    expect(body.calibration).toHaveLength(10);
    expect(body.brierScore).toBeNull();

    // Published offers, once scored at their horizon, show up in the live calibration.
    await t.app.analysis.requestAnalysis({ pair: 'BTC/USD', bypassThresholds: true });
    await t.app.analysisQueue.drained();
    const longest = Math.max(...(await t.db.select().from(offers)).map((o) => o.horizonMinutes));
    for (let h = 0; h < Math.ceil(longest / 60) + 2; h++) {
      clock.advance(3_600_000);
      await t.app.worker.runNow('market-refresh');
    }
    await t.app.analysisQueue.drained();
    expect(await t.app.offers.scoreOutcomes()).toBeGreaterThanOrEqual(1);
    // Market triggers may have published more offers meanwhile: compare with what was scored.
    const scoredRows = (await t.db.select().from(offers)).filter(
      (o) => o.outcome !== null && o.outcome !== 'unscoreable',
    );
    const byType = new Map<string, number>();
    for (const o of scoredRows) byType.set(o.positionType, (byType.get(o.positionType) ?? 0) + 1);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/signal-quality?timeRange=all', headers: trader.auth })
    ).json<{
      calibration: { sampleSize: number }[];
      groups: { sampleSize: number; positionType: string }[];
      brierScore: number | null;
    }>();
    expect(after.calibration.reduce((n, b) => n + b.sampleSize, 0)).toBe(scoredRows.length);
    for (const [positionType, n] of byType) {
      const shown = after.groups.filter((g) => g.positionType === positionType);
      expect(shown.reduce((sum, g) => sum + g.sampleSize, 0)).toBe(n);
    }
    expect(after.brierScore).not.toBeNull();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/signal-quality?timeRange=forever',
          headers: trader.auth,
        })
      ).statusCode,
    ).toBe(400);
  }, 180_000);
});
