/**
 * The admin pair details (GET /api/admin/pair-details/:pair): one pair's recent analyses, the
 * referee's reading of its latest completed one, its last 12 h of candles, the runs its
 * bypass_analysis triggers started, its offers, action logs and triggers. This module owns no
 * table: the reads are the admin read side's (queries/pair-details.query.ts).
 */
import type {
  AdminPairDetails,
  DailyReferee,
  PairDetailsAnalysis,
  TickerReferee,
} from '../../../contract/admin-pair-details';
import type { AnalysisStage, TriggerType } from '../../../contract/enums';
import type { TriggerRecord } from '../../../contract/admin-triggers';
import { notFound } from '../../http/errors';
import { readDetailFigures } from '../analysis/analysis.service';
import type { MarketService } from '../market/market.service';
import { adminOfferRecord } from './admin-offer-record';
import { buildTickerHistory } from './pair-details.history';
import {
  recentLogsOfPair,
  recentOffersOfPair,
  recentRunsOfPair,
  runsOfTriggers,
  triggersOfPair,
  type PairRunRow,
} from './queries/pair-details.query';
import type { ReadDb } from '../../db/read-db';

export interface PairDetailsDeps {
  db: ReadDb;
  market: Pick<MarketService, 'pairBySymbol' | 'candles'>;
  /** The market's clock (the simulated market may run on its own). */
  marketNow: () => number;
}

const RECENT_ANALYSES = 20;
const RECENT_OFFERS = 10;
const RECENT_LOGS = 20;
const TWELVE_HOURS = 12 * 3_600_000;

const iso = (at: Date) => at.toISOString();

function toAnalysis(row: PairRunRow, trigger: TriggerRecord | undefined): PairDetailsAnalysis {
  const figures = readDetailFigures(row.figures);
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

function referees(row: PairRunRow | undefined): { ticker: TickerReferee; daily: DailyReferee } | null {
  const figures = row?.completedAt ? readDetailFigures(row.figures) : null;
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
  const { db } = deps;
  return async function pairDetails(symbol: string): Promise<AdminPairDetails> {
    const pair = await deps.market.pairBySymbol(symbol);
    if (!pair) throw notFound('Unknown pair');
    const end = deps.marketNow();
    const [recent, pairTriggers, offerRows, logRows, candles] = await Promise.all([
      recentRunsOfPair(db, pair.id, RECENT_ANALYSES),
      triggersOfPair(db, pair.symbol),
      recentOffersOfPair(db, pair.id, RECENT_OFFERS),
      recentLogsOfPair(db, pair.symbol, RECENT_LOGS),
      deps.market.candles(pair.id, '1m', end - TWELVE_HOURS),
    ]);
    const bypassIds = pairTriggers.filter((t) => t.type === ('bypass_analysis' satisfies TriggerType));
    const bypassRows = await runsOfTriggers(
      db,
      bypassIds.map((t) => t.id),
      RECENT_ANALYSES,
    );
    const triggerById = new Map(pairTriggers.map((t) => [t.id, t]));
    const withTrigger = (row: PairRunRow) =>
      toAnalysis(row, row.triggerId ? triggerById.get(row.triggerId) : undefined);
    const reading = referees(recent.find((row) => row.status === 'completed'));

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
