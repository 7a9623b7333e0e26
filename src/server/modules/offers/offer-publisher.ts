import type { AutoAnalysisConfig } from '../../../contract/admin-settings';
import type { OfferProvenance } from '../../../contract/offers';
import type { PairAnalysis } from '../../engine/types';
import {
  HOLD_ON_GRACE_MS,
  describeGateOffer,
  planGateOffers,
  positionEnd,
  type GatePosition,
  type PairGate,
} from './gate-offer';
import type { NewOffer, OffersLifecycleRepo } from './offers-lifecycle.repo';

/** An offer above this heat is listed as `hot` (DESIGN: Signals). */
export const HOT_HEAT = 75;

export interface PublishInput {
  pairId: number;
  pair: string;
  analysisId: string;
  triggerId: string | null;
  analysis: PairAnalysis;
  aiSummary: string;
  /** The pair's 24 h volume in the quote currency, shown with `include=volume`. */
  volume24hQuote: number | null;
  config: AutoAnalysisConfig;
  /** bypass_analysis triggers publish the engine's own signal, past the gate, labelled as such. */
  bypassThresholds: boolean;
  /** The publication gate's part for this pair (gate-offer.ts); null before a gate is judged. */
  gate: PairGate | null;
  now: Date;
  /** Market time of the entry price (the simulated and replay markets run on their own clock). */
  entryAt: number;
}

export interface PublishResult {
  offerId: string | null;
  created: boolean;
  /** Live offers of the pair whose heat, status or end changed. */
  refreshedIds: string[];
  /** Offers whose end moved (extended or ended): the trades taken from them end then, market time. */
  movedEnds: { offerId: string; tradeEndsAt: Date }[];
  skippedBecause: string | null;
}

/** Why an offer's figures miss the operator's floors (auto-analysis settings), or null. */
export function thresholdFailure(
  offer: { heatScore: number; successRate: number; expectedProfitPercent: number },
  config: AutoAnalysisConfig,
): string | null {
  const misses: string[] = [];
  if (offer.heatScore < config.minHeatScore)
    misses.push(`heat ${offer.heatScore.toFixed(1)} below ${config.minHeatScore}`);
  if (offer.successRate < config.minSuccessRate)
    misses.push(`success rate ${offer.successRate.toFixed(1)} % below ${config.minSuccessRate} %`);
  if (offer.expectedProfitPercent < config.minExpectedProfitPercent)
    misses.push(
      `expected profit ${offer.expectedProfitPercent.toFixed(2)} % below ${config.minExpectedProfitPercent} %`,
    );
  return misses.length ? misses.join('; ') : null;
}

/**
 * Turns an analysis into offers. Only the publication gate publishes (gate-offer.ts): an offer
 * holds a position of a family that passes it. An operator's bypass analysis publishes the engine's
 * own signal past the gate and every threshold, labelled in its provenance. Every analysis refreshes
 * the live heat and hot/open status of the pair's offers. One live offer per pair and position type
 * (a unique index backs this, so a racing second writer inserts nothing), and at most one offer per
 * analysis: a run taken over from a worker that died after publishing sees a moved market, but the
 * analysis has already spoken.
 */
export async function publishOffer(repo: OffersLifecycleRepo, input: PublishInput): Promise<PublishResult> {
  const { analysis, now } = input;
  const status = analysis.heatScore > HOT_HEAT ? 'hot' : 'open';
  const refreshedIds = await repo.refreshLive(input.pairId, analysis.heatScore, status, now);
  const earlier = await repo.offerOfAnalysis(input.analysisId);
  const result: PublishResult = {
    offerId: earlier,
    created: false,
    refreshedIds,
    movedEnds: [],
    skippedBecause: null,
  };
  if (earlier) return result;
  if (input.bypassThresholds) return insertOffer(repo, result, engineOffer(input, status), input.pair);
  return publishGateOffers(repo, input, status, result);
}

async function publishGateOffers(
  repo: OffersLifecycleRepo,
  input: PublishInput,
  status: 'open' | 'hot',
  result: PublishResult,
): Promise<PublishResult> {
  const { now, entryAt } = input;
  const live = await repo.liveFamilyOffers(input.pairId);
  const plan = planGateOffers(input.pair, input.gate, live, entryAt);
  let created: NewOffer | null = null;
  for (const action of plan.actions) {
    if (action.kind === 'create') {
      created = gateOffer(input, status, action.position);
      continue;
    }
    const offer = live.find((o) => o.id === action.offerId)!;
    // Extended to the position's new end, or ended now (market time); listed on the wall clock.
    const endsAt = action.kind === 'extend' ? positionEnd(action.position) + HOLD_ON_GRACE_MS : entryAt;
    const end =
      action.kind === 'extend'
        ? {
            expiresAt: wallAt(input, endsAt),
            horizonMinutes: minutesBetween(offer.entryAt, positionEnd(action.position)),
            decidedAt: action.position.decidedAt,
            now,
          }
        : { expiresAt: now, now };
    if (await repo.moveEnd(offer.id, end)) {
      result.refreshedIds = [...new Set([...result.refreshedIds, offer.id])];
      result.movedEnds.push({ offerId: offer.id, tradeEndsAt: new Date(endsAt) });
    }
  }
  if (!created) return { ...result, skippedBecause: plan.skippedBecause };
  // The operator's floors still apply, to the figures the offer would show.
  const floors = thresholdFailure(created, input.config);
  if (floors) return { ...result, skippedBecause: floors };
  return insertOffer(repo, result, created, input.pair);
}

/** Offers are listed on the wall clock (as engine offers: their market lifetime from now). */
const wallAt = (input: Pick<PublishInput, 'now' | 'entryAt'>, marketMs: number) =>
  new Date(input.now.getTime() + (marketMs - input.entryAt));

const minutesBetween = (from: number, to: number) => Math.max(1, Math.round((to - from) / 60_000));

async function insertOffer(
  repo: OffersLifecycleRepo,
  result: PublishResult,
  values: NewOffer,
  pair: string,
): Promise<PublishResult> {
  const created = await repo.insertLive(values, pair);
  if (created) return { ...result, offerId: created, created: true };
  const live = await repo.liveId(values.pairId, values.positionType);
  return { ...result, offerId: live };
}

/** The market figures every offer carries, from the pair's analysis. */
function commonFields(input: PublishInput, status: 'open' | 'hot') {
  const { analysis, now } = input;
  return {
    pairId: input.pairId,
    analysisId: input.analysisId,
    triggerId: input.triggerId,
    riskLevel: analysis.risk,
    trend: analysis.trend,
    heatScore: analysis.heatScore,
    progrevScore: analysis.progrevScore,
    entryPrice: String(analysis.indicators.price),
    volume: input.volume24hQuote === null ? null : input.volume24hQuote.toFixed(2),
    leverage: 1,
    status,
    dataCutoff: new Date(analysis.dataCutoff),
    engineVersion: analysis.engineVersion,
    createdAt: now,
    updatedAt: now,
  } satisfies Partial<NewOffer>;
}

function provenanceOf(input: PublishInput, extra: Pick<OfferProvenance, 'gate'> & { sampleSize: number }) {
  const { analysis } = input;
  return {
    figures: analysis.figures,
    triggerId: input.triggerId,
    dataCutoff: new Date(analysis.dataCutoff).toISOString(),
    engineVersion: analysis.engineVersion,
    sampleSize: extra.sampleSize,
    bypassedThresholds: input.bypassThresholds,
    entryAt: new Date(input.entryAt).toISOString(),
    gate: extra.gate,
  };
}

/** A family's position as an offer: held to its end, with the family's validated figures. */
function gateOffer(
  input: PublishInput,
  status: 'open' | 'hot',
  p: GatePosition,
): NewOffer & { heatScore: number; successRate: number; expectedProfitPercent: number } {
  const end = positionEnd(p);
  const long = p.side === 'long';
  return {
    ...commonFields(input, status),
    positionType: p.side,
    direction: p.side,
    side: long ? 'buy' : 'sell',
    successRate: p.successRate,
    sampleSize: p.trades,
    expectedProfitPercent: p.expectedProfitPercent,
    takeProfitPercent: null,
    stopLossPercent: null,
    horizonMinutes: minutesBetween(input.entryAt, end),
    feePercent: input.analysis.signal.feePercent,
    aiSummary: describeGateOffer(input.pair, p),
    provenance: provenanceOf(input, {
      sampleSize: p.trades,
      gate: {
        family: p.family,
        variant: p.variant,
        decidedAt: p.decidedAt,
        trades: p.trades,
        meanNetPercent: p.expectedProfitPercent,
        lowerBoundPercent: p.lowerBoundPercent,
        tStat: p.tStat,
        deflatedSharpe: p.deflatedSharpe,
        pbo: p.pbo,
        trials: p.trials,
      },
    }),
    expiresAt: wallAt(input, end + HOLD_ON_GRACE_MS),
  };
}

/** The engine's own signal (an operator's bypass analysis): its exits, horizon and estimates. */
function engineOffer(input: PublishInput, status: 'open' | 'hot'): NewOffer {
  const { analysis, now } = input;
  const { signal } = analysis;
  const lifetimeMinutes = input.config.offerTtlMinutes ?? signal.horizonMinutes;
  return {
    ...commonFields(input, status),
    positionType: signal.positionType,
    direction: signal.direction,
    side: signal.side,
    successRate: analysis.successRate,
    sampleSize: analysis.sampleSize,
    expectedProfitPercent: analysis.expectedProfitPercent,
    takeProfitPercent: signal.takeProfitPercent,
    stopLossPercent: signal.stopLossPercent,
    horizonMinutes: signal.horizonMinutes,
    feePercent: signal.feePercent,
    aiSummary: input.aiSummary,
    provenance: provenanceOf(input, { sampleSize: analysis.sampleSize, gate: null }),
    expiresAt: new Date(now.getTime() + lifetimeMinutes * 60_000),
  };
}
