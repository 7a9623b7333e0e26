/**
 * Realistic rows for API tests and the heat-map bench: pairs, completed analyses whose `figures`
 * follow StoredAnalysisFigures, live offers, ticker logs, triggers and error logs. Price paths are
 * a seeded random walk, so the same arguments always give the same rows.
 */
import type { PositionType } from '../../../../contract/enums';
import type { Database } from '../../../db/client';
import { actionLogs, analyses, cryptoPairs, offers, tickerLogs, triggers } from '../../../db/schema';
import type { Direction, PairAnalysis, RiskLevel, Trend } from '../../../engine/types';
import { seededRandom } from '../../../shared/random';
import type { StoredAnalysisFigures } from '../../analysis/analysis-figures';

const HOUR = 3_600_000;
const FIVE_MINUTES = 300_000;

function random(seedText: string) {
  const seed = [...seedText].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return seededRandom(seed);
}

export async function seedPair(db: Database, symbol: string, active = true): Promise<number> {
  const [base = 'X', quote = 'USD'] = symbol.split('/');
  const [row] = await db
    .insert(cryptoPairs)
    .values({ symbol, krakenSymbol: symbol.replace('/', ''), base, quote, active })
    .returning({ id: cryptoPairs.id });
  if (!row) throw new Error('seedPair: no row');
  return row.id;
}

export interface AnalysisSpec {
  pair: string;
  pairId: number;
  completedAt: Date;
  price?: number;
  heatScore?: number;
  successRate?: number;
  progrevScore?: number;
  trend?: Trend;
  risk?: RiskLevel;
  positionType?: PositionType;
  rsi14?: number;
  density?: number;
  offerId?: string | null;
}

function directionOf(positionType: PositionType): Direction {
  if (/long|bullish/.test(positionType)) return 'long';
  if (/short|bearish/.test(positionType)) return 'short';
  return 'balanced';
}

/** The figures a completed analysis stores, with 12 h of 5-minute price and volume points. */
export function buildAnalysisFigures(spec: AnalysisSpec): StoredAnalysisFigures {
  const rand = random(`${spec.pair}:${spec.completedAt.getTime()}`);
  const price = spec.price ?? 100 + rand() * 900;
  const end = spec.completedAt.getTime() - (spec.completedAt.getTime() % FIVE_MINUTES);
  const priceHistory: { x: number; y: number }[] = [];
  const volumeHistory: { x: number; y: number }[] = [];
  let p = price * (0.97 + rand() * 0.06);
  for (let i = 143; i >= 0; i -= 1) {
    p *= 1 + (rand() - 0.5) * 0.004;
    priceHistory.push({ x: end - i * FIVE_MINUTES, y: Number(p.toFixed(4)) });
    volumeHistory.push({ x: end - i * FIVE_MINUTES, y: Math.round(50_000 + rand() * 450_000) });
  }
  const heatScore = spec.heatScore ?? 50;
  const successRate = spec.successRate ?? 60;
  const trend = spec.trend ?? 'neutral';
  const risk = spec.risk ?? 'medium';
  const positionType = spec.positionType ?? 'long';
  const atrPercent = 0.8 + rand();
  const analysis: PairAnalysis = {
    engineVersion: 'test-1',
    dataCutoff: end - HOUR,
    indicators: {
      price,
      rsi14: spec.rsi14 ?? 50,
      macd: trend === 'bullish' ? 1.2 : trend === 'bearish' ? -1.2 : 0.1,
      macdSignal: 0.4,
      macdHistogram: trend === 'bullish' ? 0.8 : trend === 'bearish' ? -0.8 : 0,
      ema20: price * 0.995,
      ema50: price * 0.99,
      bollingerUpper: price * 1.02,
      bollingerMiddle: price,
      bollingerLower: price * 0.98,
      atr14: (price * atrPercent) / 100,
      atrPercent,
      relativeVolume: 1 + rand() * 2,
      high24h: price * 1.025,
      low24h: price * 0.975,
      change24hPercent: (rand() - 0.5) * 6,
      change7dPercent: (rand() - 0.5) * 20,
      volume7d: 20_000_000 + rand() * 80_000_000,
      volatility7dPercent: 1 + rand() * 4,
    },
    trend,
    risk,
    riskScore: risk === 'high' ? 80 : risk === 'low' ? 20 : 50,
    heatScore,
    heatComponents: { volumeSurge: 0.5, volatilityExpansion: 0.4, momentum: 0.6, breakout: 0.2, triggers: 0 },
    signal: {
      direction: directionOf(positionType),
      horizon: 'day',
      positionType,
      side: directionOf(positionType) === 'short' ? 'sell' : 'buy',
      takeProfitPercent: 2 * atrPercent,
      stopLossPercent: atrPercent,
      horizonMinutes: 1440,
      feePercent: 0.52,
    },
    successRate,
    sampleSize: 120,
    progrevScore: spec.progrevScore ?? 0.5,
    expectedProfitPercent: 1.4,
    density: spec.density ?? 0.4,
    comment: `${trend} trend, ${risk} risk`,
    figures: { rsi14: spec.rsi14 ?? 50, atrPercent, heatScore },
  };
  return {
    pair: spec.pair,
    analysis,
    tickerData: {
      price_7d: price,
      change_7d: analysis.indicators.change7dPercent,
      volume_7d: analysis.indicators.volume7d,
      volatility_7d: analysis.indicators.volatility7dPercent,
      price_history: priceHistory,
      volume_history: volumeHistory,
    },
    aiSummary: `${spec.pair}: ${trend} with heat ${heatScore.toFixed(0)}.`,
    aiSource: 'builtin',
    offerId: spec.offerId ?? null,
    skippedBecause: null,
    triggerId: null,
  };
}

export async function seedAnalysis(db: Database, spec: AnalysisSpec): Promise<string> {
  const figures = buildAnalysisFigures(spec);
  const [row] = await db
    .insert(analyses)
    .values({
      pairId: spec.pairId,
      status: 'completed',
      stage: 'offer',
      progress: 100,
      heatScore: figures.analysis.heatScore,
      successRate: figures.analysis.successRate,
      progrevScore: figures.analysis.progrevScore,
      density: figures.analysis.density,
      figures: figures as unknown as Record<string, unknown>,
      dataCutoff: new Date(figures.analysis.dataCutoff),
      engineVersion: figures.analysis.engineVersion,
      createdAt: new Date(spec.completedAt.getTime() - 60_000),
      startedAt: new Date(spec.completedAt.getTime() - 50_000),
      completedAt: spec.completedAt,
    })
    .returning({ id: analyses.id });
  if (!row) throw new Error('seedAnalysis: no row');
  return row.id;
}

export interface OfferSpec {
  pairId: number;
  analysisId?: string | null;
  positionType?: PositionType;
  riskLevel?: RiskLevel;
  trend?: Trend;
  heatScore?: number;
  successRate?: number;
  progrevScore?: number | null;
  expectedProfitPercent?: number;
  status?: 'open' | 'hot' | 'expired' | 'closed';
  createdAt?: Date;
  expiresAt?: Date;
  volume?: string | null;
  aiSummary?: string | null;
  provenance?: Record<string, unknown> | null;
  /** The trade as offered (defaults: a BTC-like entry, 2.4 % / 1.2 % exits, 0.26 % fee). */
  entryPrice?: string;
  /** Null for a family's offer, held to its horizon. */
  takeProfitPercent?: number | null;
  stopLossPercent?: number | null;
  feePercent?: number;
  /** Default: buy for long and balanced position types, sell for short ones. */
  side?: 'buy' | 'sell';
}

export async function seedOffer(db: Database, spec: OfferSpec): Promise<string> {
  const createdAt = spec.createdAt ?? new Date();
  const positionType = spec.positionType ?? 'long';
  const [row] = await db
    .insert(offers)
    .values({
      pairId: spec.pairId,
      analysisId: spec.analysisId ?? null,
      positionType,
      direction: directionOf(positionType),
      side: spec.side ?? (directionOf(positionType) === 'short' ? 'sell' : 'buy'),
      riskLevel: spec.riskLevel ?? 'medium',
      trend: spec.trend ?? 'bullish',
      heatScore: spec.heatScore ?? 60,
      successRate: spec.successRate ?? 62,
      sampleSize: 140,
      progrevScore: spec.progrevScore === undefined ? 0.58 : spec.progrevScore,
      expectedProfitPercent: spec.expectedProfitPercent ?? 1.3,
      entryPrice: spec.entryPrice ?? '64000.50000000',
      takeProfitPercent: spec.takeProfitPercent === undefined ? 2.4 : spec.takeProfitPercent,
      stopLossPercent: spec.stopLossPercent === undefined ? 1.2 : spec.stopLossPercent,
      horizonMinutes: 1440,
      feePercent: spec.feePercent ?? 0.26,
      volume: spec.volume ?? null,
      status: spec.status ?? 'open',
      aiSummary: spec.aiSummary === undefined ? 'Volume surge with a bullish EMA cross.' : spec.aiSummary,
      provenance:
        spec.provenance === undefined
          ? { figures: { rsi14: 61.2, volumeRatio: 2.4, atrPercent: 1.2 }, engineVersion: 'test-1' }
          : spec.provenance,
      dataCutoff: new Date(createdAt.getTime() - HOUR),
      engineVersion: 'test-1',
      expiresAt: spec.expiresAt ?? new Date(createdAt.getTime() + 24 * HOUR),
      createdAt,
      updatedAt: createdAt,
    })
    .returning({ id: offers.id });
  if (!row) throw new Error('seedOffer: no row');
  return row.id;
}

export async function seedTickerLog(
  db: Database,
  row: {
    pairId: number;
    price: string;
    volume?: string;
    percentage?: string;
    bid?: string;
    ask?: string;
    at?: Date;
  },
): Promise<void> {
  await db.insert(tickerLogs).values({
    pairId: row.pairId,
    price: row.price,
    volume: row.volume ?? null,
    percentage: row.percentage ?? null,
    bid: row.bid ?? null,
    ask: row.ask ?? null,
    timestamp: row.at ?? new Date(),
  });
}

export async function seedTrigger(
  db: Database,
  row: {
    symbol: string;
    type: 'news' | 'breakout' | 'volume_spike';
    active?: boolean;
    lastFiredAt: Date | null;
  },
): Promise<void> {
  await db.insert(triggers).values({
    symbol: row.symbol,
    type: row.type,
    active: row.active ?? true,
    lastFiredAt: row.lastFiredAt,
  });
}

export async function seedErrorLog(
  db: Database,
  row: { pair: string; error: string; at: Date },
): Promise<void> {
  await db.insert(actionLogs).values({
    pair: row.pair,
    action: 'analysis',
    status: 'error',
    details: { error: row.error },
    timestamp: row.at,
  });
}
