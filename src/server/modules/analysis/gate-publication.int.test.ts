/**
 * The publication gate decides what is published, on a server whose worker runs as in production:
 * the first market sync stores 180 days of the simulated market, judges the gate and analyses every
 * pair. With the market's planted edge a family passes, and its positions, and nothing else, become
 * offers; without it nothing passes and nothing is published.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerSchema, type Offer } from '../../../contract/offers';
import { publicationGateSchema, type PublicationGate } from '../../../contract/signal-quality';
import { analyses, cryptoPairs, offers, trackRecord } from '../../db/schema';
import { exportFile, runVerifier } from '../track-record/testing/verifier';
import { createManualClock } from '../../providers/market';
import { createSimulatedMarketSource } from '../../providers/market/simulated';
import type { SimulatedEdge } from '../../providers/market/simulated/hourly-path';
import { HOUR_MS } from '../../shared/time';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';

// 10:00 UTC: thirteen hours before the next daily decision candle closes.
const START = Date.UTC(2026, 10, 20, 10, 0, 0);

async function startServer(edge: SimulatedEdge) {
  const clock = createManualClock(START);
  const t = await createTestApp({
    overrides: { market: createSimulatedMarketSource({ seed: 42, edge, clock }) },
  });
  t.app.analysisPipeline.startWorker(2);
  await t.app.worker.runNow('market-sync');
  await t.app.analysisQueue.drained();
  const admin = await signUp(t.app, 'Admin');
  const trader = await signUp(t.app, 'Trader');
  return { t, clock, admin, trader };
}

async function gateOf(t: TestApp, admin: TestUser): Promise<PublicationGate> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/system-health', headers: admin.auth });
  return publicationGateSchema.parse(res.json<{ publicationGate: unknown }>().publicationGate);
}

async function liveOffers(t: TestApp, trader: TestUser): Promise<Offer[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/offers?limit=50', headers: trader.auth });
  return res.json<{ data: unknown[] }>().data.map((o) => offerSchema.parse(o));
}

describe('the publication gate on a market with the planted edge', () => {
  let t: TestApp;
  let clock: ReturnType<typeof createManualClock>;
  let admin: TestUser;
  let trader: TestUser;

  beforeAll(async () => {
    ({ t, clock, admin, trader } = await startServer('planted'));
  }, 240_000);
  afterAll(async () => t.close());

  it("publishes exactly the passing families' positions, with the families' figures", async () => {
    const gate = await gateOf(t, admin);
    expect(gate.days).toBeGreaterThanOrEqual(179);
    const passing = gate.families.filter((f) => f.passes);
    expect(passing.map((f) => f.name)).toContain('ts-trend');
    expect(gate.live?.length).toBeGreaterThan(0);

    const published = await liveOffers(t, trader);
    const held = (gate.live ?? []).map((p) => `${p.symbol} ${p.side}`).sort();
    expect([...new Set(published.map((o) => `${o.pair} ${o.positionType}`))].sort()).toEqual([
      ...new Set(held),
    ]);
    for (const offer of published) {
      const position = gate.live!.find((p) => p.symbol === offer.pair && p.side === offer.positionType)!;
      const family = passing.find((f) => f.name === position.family)!;
      expect(offer.provenance.publishedBy).toBe('gate');
      expect(offer.provenance.gate).toMatchObject({
        family: family.name,
        variant: family.variant,
        decidedAt: position.decidedAt,
        trades: family.signals,
        deflatedSharpe: family.deflatedSharpe,
        pbo: family.pbo,
        trials: gate.trials,
      });
      expect(offer.provenance.gate!.lowerBoundPercent).toBeGreaterThan(0);
      expect(offer.successRate).toBeCloseTo(position.successRate, 10);
      expect(offer.expectedProfitPercent).toBeCloseTo(position.expectedProfitPercent, 10);
      expect(offer.successDefinition).toMatchObject({ takeProfitPercent: null, stopLossPercent: null });
      // Held from the decision's next open for its hold: 25 h after the decision candle opened.
      const end = Date.parse(position.decidedAt) + 25 * HOUR_MS;
      // The manual clock stood at START while the first analyses ran: that is the entry.
      const entryAt = START;
      expect(offer.successDefinition.horizonMinutes).toBe(Math.round((end - entryAt) / 60_000));
      expect(offer.aiComments.summary).toContain(`the ${family.name} family`);
    }
  });

  it('holds an offer on through the next daily close that keeps its position, and offers the newly held ones', async () => {
    const before = await liveOffers(t, trader);
    // Past the next decision candle (23:00) and its close, an hour at a time as the worker runs.
    for (let h = 0; h < 14; h++) {
      clock.advance(HOUR_MS);
      await t.app.worker.runNow('market-refresh');
    }
    await t.app.analysisQueue.drained();
    const gate = await gateOf(t, admin);
    expect(gate.latestDecision).toBe(new Date(Date.UTC(2026, 10, 20, 23)).toISOString());
    const heldNow = new Set((gate.live ?? []).map((p) => `${p.symbol} ${p.side}`));

    const rows = await t.db.select().from(offers);
    for (const offer of before) {
      const row = rows.find((r) => r.id === offer.id)!;
      if (heldNow.has(`${offer.pair} ${offer.positionType}`)) {
        // Extended: the same offer, decided anew, its horizon a day longer.
        expect(row.status === 'open' || row.status === 'hot').toBe(true);
        expect(row.horizonMinutes).toBe(offer.successDefinition.horizonMinutes + 24 * 60);
        expect((row.provenance?.gate as { decidedAt: string }).decidedAt).toBe(gate.latestDecision);
      } else {
        // Let go: it ends now.
        expect(row.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
      }
    }
    await t.app.offers.expireOffers();
    const after = await liveOffers(t, trader);
    expect(new Set(after.map((o) => `${o.pair} ${o.positionType}`))).toEqual(heldNow);
  });

  it('ends an offer at the first daily close that lets its position go, and scores it there', async () => {
    const endedOffer = async () => {
      await t.app.offers.expireOffers();
      const [row] = await t.db
        .select()
        .from(offers)
        .where(and(eq(offers.status, 'expired'), isNull(offers.takeProfitPercent)));
      return row;
    };
    let ended = await endedOffer();
    // Day after day, as the worker runs, until a family lets a position go (the seed fixes when).
    for (let h = 0; h < 5 * 24 && !ended; h++) {
      clock.advance(HOUR_MS);
      await t.app.worker.runNow('market-refresh');
      await t.app.analysisQueue.drained();
      ended = await endedOffer();
    }
    expect(ended).toBeDefined();
    const offer = ended!;
    const entryAt = Date.parse(String(offer.provenance?.entryAt));
    const end = entryAt + offer.horizonMinutes * 60_000;
    // Its horizon ends at the close of the last decision candle that still held it.
    expect(new Date(end).getUTCHours()).toBe(0);
    expect(end).toBeLessThanOrEqual(clock());

    await t.app.offers.scoreOutcomes();
    const [scored] = await t.db.select().from(offers).where(eq(offers.id, offer.id));
    const candles = await t.app.market.candles(offer.pairId, '1m', entryAt);
    const last = candles.filter((c) => c.time < end).at(-1)!;
    const gross = (last.close / Number(offer.entryPrice) - 1) * 100 * (offer.side === 'buy' ? 1 : -1);
    expect(scored!.outcome).toBe(gross > offer.feePercent ? 'succeeded' : 'failed');
  });

  it('committed each offer as it was published, each move of its end and its outcome, to a record anyone can verify', async () => {
    const rows = await t.db.select().from(offers);
    const chain = await t.db.select().from(trackRecord).orderBy(asc(trackRecord.seq));
    const of = (id: string, kind: string) => chain.filter((e) => e.offerId === id && e.kind === kind);
    expect(
      chain
        .filter((e) => e.kind === 'offer')
        .map((e) => e.offerId)
        .sort(),
    ).toEqual(rows.map((r) => r.id).sort());
    expect(chain.some((e) => e.kind === 'revision' && e.entry.change === 'extended')).toBe(true);
    const symbols = new Map((await t.db.select().from(cryptoPairs)).map((p) => [p.id, p.symbol]));
    let settled = 0;
    for (const row of rows) {
      const [commitment] = of(row.id, 'offer');
      const gate = row.provenance?.gate as { family: string; variant: string };
      expect(commitment!.entry).toMatchObject({
        pair: symbols.get(row.pairId),
        side: row.side,
        entryPrice: row.entryPrice,
        successRate: row.successRate,
        expectedProfitPercent: row.expectedProfitPercent,
        feePercent: row.feePercent,
        family: gate.family,
        bypass: false,
        gate: { variant: gate.variant },
        engineVersion: row.engineVersion,
        publishedAt: row.createdAt.toISOString(),
      });
      // The horizon the outcome is judged at is the last one committed.
      const revisions = of(row.id, 'revision');
      expect(revisions.at(-1)?.entry.horizonMinutes ?? commitment!.entry.horizonMinutes).toBe(
        row.horizonMinutes,
      );
      const outcomes = of(row.id, 'outcome');
      if (row.outcome === null) {
        expect(outcomes).toEqual([]);
        continue;
      }
      settled += 1;
      expect(outcomes).toHaveLength(1);
      const outcome = outcomes[0]!;
      expect(outcome.seq).toBeGreaterThan(Math.max(commitment!.seq, ...revisions.map((r) => r.seq)));
      expect(outcome.entry).toMatchObject({ outcome: row.outcome, commitment: commitment!.seq });
      // Net of the committed fee, from the exit the candles gave (the entry's own figures).
      const { exitPrice, netReturnPercent } = outcome.entry as {
        exitPrice: number;
        netReturnPercent: number;
      };
      const gross = (exitPrice / Number(row.entryPrice) - 1) * 100 * (row.side === 'buy' ? 1 : -1);
      expect(netReturnPercent).toBeCloseTo(gross - row.feePercent, 8);
    }
    expect(settled).toBeGreaterThan(0);

    const exported = await t.app.inject({ method: 'GET', url: '/api/track-record/export' });
    expect(runVerifier([exportFile(exported.body)])).toEqual({
      status: 0,
      output: `track record intact (${chain.length} entries)`,
    });
  });
});

describe('the publication gate on a market without an edge', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;

  beforeAll(async () => {
    ({ t, admin, trader } = await startServer('none'));
  }, 240_000);
  afterAll(async () => t.close());

  it('publishes nothing, and every analysis says why', async () => {
    const gate = await gateOf(t, admin);
    expect(gate.families.filter((f) => f.passes)).toEqual([]);
    expect(await liveOffers(t, trader)).toEqual([]);
    const runs = await t.db.select().from(analyses).where(eq(analyses.status, 'completed'));
    expect(runs).toHaveLength(12);
    for (const run of runs)
      expect((run.figures as { skippedBecause: string }).skippedBecause).toBe(
        'no strategy family passes the publication gate',
      );
  });
});
