/**
 * The admin pair details (GET /api/admin/pair-details/:pair): one pair's recent analyses, the
 * referee's reading of its latest completed one, its last 12 h of candles, the runs its
 * bypass_analysis triggers started, its offers, action logs and triggers. This module owns no
 * table: each read goes through the owning module's pair-details service.
 */
import type {
  AdminPairDetails,
  DailyReferee,
  PairDetailsAnalysis,
  TickerReferee,
} from '../../../contract/admin-pair-details';
import type { AnalysisStage, TriggerType } from '../../../contract/enums';
import type { TriggerRecord } from '../../../contract/admin-triggers';
import type { Executor } from '../../db/client';
import { notFound } from '../../http/errors';
import {
  createAnalysisPairDetails,
  type AnalysisDetailRow,
  type DetailFigures,
} from '../analysis/pair-details.service';
import { createActionLogPairDetails } from '../logs/pair-details.service';
import type { MarketService } from '../market/market.service';
import { createOfferPairDetails } from '../offers/pair-details.service';
import { createTriggerPairDetails } from '../triggers/pair-details.service';
import { adminOfferRecord } from './admin-offer-record';
import { buildTickerHistory } from './pair-details.history';

export interface PairDetailsDeps {
  db: Executor;
  market: Pick<MarketService, 'pairBySymbol' | 'candles'>;
  /** The market's clock (the simulated market may run on its own). */
  marketNow: () => number;
}

const RECENT_ANALYSES = 20;
const RECENT_OFFERS = 10;
const RECENT_LOGS = 20;
const TWELVE_HOURS = 12 * 3_600_000;

const iso = (at: Date) => at.toISOString();

type ReadFigures = (figures: unknown) => DetailFigures | null;

function toAnalysis(
  row: AnalysisDetailRow,
  trigger: TriggerRecord | undefined,
  readFigures: ReadFigures,
): PairDetailsAnalysis {
  const figures = readFigures(row.figures);
  const a = figures?.analysis;
  return {
    id: row.id,
    status: row.status,
    stage: row.stage as AnalysisStage | null,
    progress: row.progress,
    timeframe: trigger?.parameters?.timeframe ?? '1h',
    triggerType: trigger?.type ?? null,
    heatScore: row.heatScore,
    successRate: row.successRate,
    positionType: a?.signal.positionType ?? null,
    progrevScore: row.progrevScore,
    density: row.density,
    expectedProfitPercent: figures?.extra.expectedProfitPercent ?? null,
    trend: a?.trend ?? null,
    risk: a?.risk ?? null,
    sampleSize: figures?.extra.sampleSize ?? null,
    error: row.error,
    createdAt: iso(row.createdAt),
    completedAt: row.completedAt ? iso(row.completedAt) : null,
  };
}

function referees(
  row: AnalysisDetailRow | undefined,
  readFigures: ReadFigures,
): { ticker: TickerReferee; daily: DailyReferee } | null {
  const figures = row?.completedAt ? readFigures(row.figures) : null;
  if (!row?.completedAt || !figures) return null;
  const { analysis: a, tickerData, extra } = figures;
  const reading = {
    analysisId: row.id,
    completedAt: iso(row.completedAt),
    trend: a.trend,
    risk: a.risk,
    riskScore: extra.riskScore,
  };
  return {
    ticker: {
      ...reading,
      comment: a.comment ?? null,
      price: a.indicators.price,
      rsi14: a.indicators.rsi14,
      macd: extra.macd,
      macdSignal: extra.macdSignal,
      macdHistogram: extra.macdHistogram,
      ema20: extra.ema20,
      ema50: extra.ema50,
      atrPercent: extra.atrPercent,
      relativeVolume: extra.relativeVolume,
      high24h: a.indicators.high24h,
      low24h: a.indicators.low24h,
      change24hPercent: a.indicators.change24hPercent,
    },
    daily: {
      ...reading,
      change7d: tickerData.change_7d,
      volume7d: tickerData.volume_7d,
      volatility7d: tickerData.volatility_7d,
    },
  };
}

export function createPairDetails(deps: PairDetailsDeps) {
  const analyses = createAnalysisPairDetails(deps.db);
  const offers = createOfferPairDetails(deps.db);
  const logs = createActionLogPairDetails(deps.db);
  const triggers = createTriggerPairDetails(deps.db);

  return async function pairDetails(symbol: string): Promise<AdminPairDetails> {
    const pair = await deps.market.pairBySymbol(symbol);
    if (!pair) throw notFound('Unknown pair');
    const end = deps.marketNow();
    const [recent, pairTriggers, offerRows, logRows, candles] = await Promise.all([
      analyses.recentOfPair(pair.id, RECENT_ANALYSES),
      triggers.ofPair(pair.symbol),
      offers.recentOfPair(pair.id, RECENT_OFFERS),
      logs.recentOfPair(pair.symbol, RECENT_LOGS),
      deps.market.candles(pair.id, '1m', end - TWELVE_HOURS),
    ]);
    const bypassIds = pairTriggers.filter((t) => t.type === ('bypass_analysis' satisfies TriggerType));
    const bypassRows = await analyses.ofTriggers(
      bypassIds.map((t) => t.id),
      RECENT_ANALYSES,
    );
    const triggerById = new Map(pairTriggers.map((t) => [t.id, t]));
    const withTrigger = (row: AnalysisDetailRow) =>
      toAnalysis(row, row.triggerId ? triggerById.get(row.triggerId) : undefined, analyses.readFigures);
    const reading = referees(
      recent.find((row) => row.status === 'completed'),
      analyses.readFigures,
    );

    return {
      pair: pair.symbol,
      analyses: recent.map(withTrigger),
      tickerReferee: reading?.ticker ?? null,
      dailyReferee: reading?.daily ?? null,
      tickerHistory: buildTickerHistory(candles),
      bypassAnalyses: bypassRows.map(withTrigger),
      recentOffers: offerRows.map((row) => adminOfferRecord(row, pair.symbol)),
      recentLogs: logRows.map((row) => ({
        id: String(row.id),
        pair: row.pair,
        action: row.action,
        status: row.status,
        timestamp: iso(row.timestamp),
      })),
      triggers: pairTriggers,
    };
  };
}

export type PairDetails = ReturnType<typeof createPairDetails>;
