import type { AutoAnalysisConfig } from '../../../contract/admin-settings';
import type { AnalyzePairInput, PairAnalysis } from '../../engine/types';
import type { CandleInterval } from '../../providers/market/market-source';
import type { EventBus } from '../../realtime/event-bus';
import type { Candle } from '../../shared/candles';
import type { DomainEvents } from '../../shared/domain-events';
import { DAY_MS, HOUR_MS } from '../../shared/time';
import type { LogsService } from '../logs/logs.service';
import type { PairGate } from '../offers/gate-offer';
import type { OffersService } from '../offers/offers.service';
import type { StoredAnalysisFigures } from './analysis-figures';
import type { AnalysisRepo, AnalysisStage } from './analysis.repo';
import { buildTickerData } from './ticker-data';

const HOURLY_HISTORY_MS = 90 * DAY_MS;
const MINUTE_HISTORY_MS = 48 * HOUR_MS;

export interface PipelineDeps {
  repo: AnalysisRepo;
  bus: EventBus;
  /** The pair's symbol (the market module keeps pairs). */
  pairSymbol(pairId: number): Promise<string | null>;
  /** The offers module turns the signal into an offer (or refreshes the live ones). */
  publishOffer: OffersService['publish'];
  logs: Pick<LogsService, 'action'>;
  loadCandles(pairId: number, interval: CandleInterval, sinceMs: number): Promise<Candle[]>;
  /** Best bid/ask of the pair's latest ticker (the spread input of risk). */
  latestQuote(pairId: number): Promise<{ bid: number; ask: number } | null>;
  /** The engine's analysis, computed off the request thread (engine pool). */
  analyzePair(input: AnalyzePairInput): Promise<PairAnalysis>;
  summarize(input: {
    pair: string;
    analysis: PairAnalysis;
    triggerReason?: string;
  }): Promise<{ summary: string; source: 'builtin' | 'openai' }>;
  activeTriggerCount(pair: string): Promise<number>;
  autoAnalysisConfig(): Promise<AutoAnalysisConfig>;
  /** The latest publication gate's part for this pair; null before a gate is judged. */
  pairGate(pair: string): Promise<PairGate | null>;
  takerFeePercent: number;
  /** The market's clock (the simulated and replay markets run on their own). */
  marketNow(): number;
  /** Tells the other modules what the run published (shared/domain-events.ts). */
  events: Pick<DomainEvents, 'emitSerial'>;
}

export interface RunOptions {
  bypassThresholds?: boolean;
  triggerReason?: string;
}

const PROGRESS: Record<AnalysisStage, number> = {
  fetch: 10,
  indicators: 30,
  backtest: 50,
  scoring: 75,
  offer: 90,
};

/**
 * One analysis run of a pair, in stages (fetch → indicators → backtest → scoring → offer). Each
 * stage is stored as a snapshot and announced as `analysis_status`; a failure is stored on the run,
 * logged for the pair (its heat-map `recentErrors`) and sent to admins as `worker_log`.
 */
export function createAnalysisPipeline(deps: PipelineDeps) {
  const { repo, bus } = deps;

  async function stage(analysisId: string, pair: string, name: AnalysisStage): Promise<void> {
    await repo.markStage(analysisId, name, PROGRESS[name]);
    bus.publish(
      'analysis_status',
      { pair, analysisId, status: 'running', stage: name, progress: PROGRESS[name] },
      ['traders'],
    );
  }

  return async function runAnalysis(analysisId: string, options: RunOptions = {}): Promise<void> {
    const run = await repo.run(analysisId);
    if (!run || run.status === 'completed' || run.status === 'failed') return;
    const pair = (await deps.pairSymbol(run.pairId)) ?? `pair #${run.pairId}`;
    let current: AnalysisStage | null = null;
    try {
      current = 'fetch';
      await stage(analysisId, pair, current);
      const now = deps.marketNow();
      const [hourly, minute, quote, triggerCount, config, gate] = await Promise.all([
        deps.loadCandles(run.pairId, '1h', now - HOURLY_HISTORY_MS),
        deps.loadCandles(run.pairId, '1m', now - MINUTE_HISTORY_MS),
        deps.latestQuote(run.pairId),
        deps.activeTriggerCount(pair),
        deps.autoAnalysisConfig(),
        deps.pairGate(pair),
      ]);
      if (hourly.length < 50) throw new Error(`not enough market data (${hourly.length} hourly candles)`);

      current = 'indicators';
      await stage(analysisId, pair, current);
      const spreadPercent =
        quote && quote.ask > 0 ? ((quote.ask - quote.bid) / ((quote.ask + quote.bid) / 2)) * 100 : undefined;
      current = 'backtest';
      await stage(analysisId, pair, current);
      const analysis = await deps.analyzePair({
        pair,
        hourly,
        minute,
        spreadPercent,
        activeTriggerCount: triggerCount,
        takerFeePercent: deps.takerFeePercent,
      });

      current = 'scoring';
      await stage(analysisId, pair, current);
      const ai = await deps.summarize({ pair, analysis, triggerReason: options.triggerReason });

      current = 'offer';
      await stage(analysisId, pair, current);
      const volume24hQuote = hourly.slice(-24).reduce((sum, c) => sum + c.volume * c.close, 0);
      const published = await deps.publishOffer({
        pairId: run.pairId,
        pair,
        gate,
        analysisId,
        triggerId: run.triggerId,
        analysis,
        aiSummary: ai.summary,
        volume24hQuote,
        config,
        bypassThresholds: options.bypassThresholds ?? false,
        now: new Date(),
        entryAt: now,
      });
      const figures: StoredAnalysisFigures = {
        pair,
        analysis,
        tickerData: buildTickerData(analysis.indicators, hourly, minute),
        aiSummary: ai.summary,
        aiSource: ai.source,
        offerId: published.offerId,
        skippedBecause: published.skippedBecause,
        triggerId: run.triggerId,
      };
      await repo.complete(analysisId, figures);
      await deps.logs.action({
        pair,
        action: 'analysis.completed',
        status: 'ok',
        details: {
          analysisId,
          heatScore: analysis.heatScore,
          offerId: published.offerId,
          skippedBecause: published.skippedBecause,
        },
      });
      await deps.events.emitSerial('offers_changed', published);
      bus.publish(
        'analysis_status',
        { pair, analysisId, status: 'completed', stage: 'offer', progress: 100 },
        ['traders'],
      );
      bus.publish('analysis_completed', { pair, analysisId });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await repo.fail(analysisId, current, message);
      await deps.logs.action({
        pair,
        action: 'analysis.failed',
        status: 'error',
        details: { analysisId, stage: current, error: message },
      });
      bus.publish(
        'analysis_status',
        { pair, analysisId, status: 'failed', stage: current, progress: 0, error: message },
        ['traders'],
      );
      bus.publish('worker_log', { pair, error: message, at: new Date().toISOString() }, ['admins']);
    }
  };
}

export type RunAnalysis = ReturnType<typeof createAnalysisPipeline>;
