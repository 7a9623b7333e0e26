import type { AutoAnalysisConfig } from '../../../contract/admin-settings';
import type { PairAnalysis } from '../../engine/types';
import type { OffersLifecycleRepo } from './offers-lifecycle.repo';

/** An offer above this heat is listed as `hot` (DESIGN: Signals). */
export const HOT_HEAT = 75;

export interface PublishInput {
  pairId: number;
  analysisId: string;
  triggerId: string | null;
  analysis: PairAnalysis;
  aiSummary: string;
  /** The pair's 24 h volume in the quote currency, shown with `include=volume`. */
  volume24hQuote: number | null;
  config: AutoAnalysisConfig;
  /** bypass_analysis triggers publish without the thresholds. */
  bypassThresholds: boolean;
  now: Date;
  /** Market time of the entry price (the simulated and replay markets run on their own clock). */
  entryAt: number;
}

export interface PublishResult {
  offerId: string | null;
  created: boolean;
  /** Live offers of the pair whose heat or status changed. */
  refreshedIds: string[];
  skippedBecause: string | null;
}

/** Why the signal does not become an offer, or null when it passes every threshold. */
export function thresholdFailure(analysis: PairAnalysis, config: AutoAnalysisConfig): string | null {
  const misses: string[] = [];
  if (analysis.heatScore < config.minHeatScore)
    misses.push(`heat ${analysis.heatScore.toFixed(1)} below ${config.minHeatScore}`);
  if (analysis.successRate < config.minSuccessRate)
    misses.push(`success rate ${analysis.successRate.toFixed(1)} % below ${config.minSuccessRate} %`);
  if (analysis.expectedProfitPercent < config.minExpectedProfitPercent)
    misses.push(
      `expected profit ${analysis.expectedProfitPercent.toFixed(2)} % below ${config.minExpectedProfitPercent} %`,
    );
  return misses.length ? misses.join('; ') : null;
}

/**
 * Turns a signal into an offer. An offer's trade (entry, take-profit, stop-loss, horizon, fees) is
 * fixed when it is created and it lives until its horizon; later analyses of the pair only refresh
 * the live heat and hot/open status. One live offer per pair and position type (a unique index
 * backs this, so a racing second writer inserts nothing), and at most one offer per analysis: a run
 * taken over from a worker that died after publishing sees a moved market, and its signal may be
 * of another position type, but the analysis has already spoken.
 */
export async function publishOffer(repo: OffersLifecycleRepo, input: PublishInput): Promise<PublishResult> {
  const { analysis, now } = input;
  const status = analysis.heatScore > HOT_HEAT ? 'hot' : 'open';
  const refreshedIds = await repo.refreshLive(input.pairId, analysis.heatScore, status, now);
  const earlier = await repo.offerOfAnalysis(input.analysisId);
  if (earlier) return { offerId: earlier, created: false, refreshedIds, skippedBecause: null };

  const skippedBecause = input.bypassThresholds ? null : thresholdFailure(analysis, input.config);
  if (skippedBecause) return { offerId: null, created: false, refreshedIds, skippedBecause };

  const { signal } = analysis;
  const lifetimeMinutes = input.config.offerTtlMinutes ?? signal.horizonMinutes;
  const created = await repo.insertLive({
    pairId: input.pairId,
    analysisId: input.analysisId,
    triggerId: input.triggerId,
    positionType: signal.positionType,
    direction: signal.direction,
    side: signal.side,
    riskLevel: analysis.risk,
    trend: analysis.trend,
    heatScore: analysis.heatScore,
    successRate: analysis.successRate,
    sampleSize: analysis.sampleSize,
    progrevScore: analysis.progrevScore,
    expectedProfitPercent: analysis.expectedProfitPercent,
    entryPrice: String(analysis.indicators.price),
    takeProfitPercent: signal.takeProfitPercent,
    stopLossPercent: signal.stopLossPercent,
    horizonMinutes: signal.horizonMinutes,
    feePercent: signal.feePercent,
    volume: input.volume24hQuote === null ? null : input.volume24hQuote.toFixed(2),
    leverage: 1,
    status,
    aiSummary: input.aiSummary,
    provenance: {
      figures: analysis.figures,
      triggerId: input.triggerId,
      dataCutoff: new Date(analysis.dataCutoff).toISOString(),
      engineVersion: analysis.engineVersion,
      sampleSize: analysis.sampleSize,
      bypassedThresholds: input.bypassThresholds,
      entryAt: new Date(input.entryAt).toISOString(),
    },
    dataCutoff: new Date(analysis.dataCutoff),
    engineVersion: analysis.engineVersion,
    expiresAt: new Date(now.getTime() + lifetimeMinutes * 60_000),
    createdAt: now,
    updatedAt: now,
  });
  if (created) return { offerId: created, created: true, refreshedIds, skippedBecause: null };
  const live = await repo.liveId(input.pairId, signal.positionType);
  return { offerId: live, created: false, refreshedIds, skippedBecause: null };
}
