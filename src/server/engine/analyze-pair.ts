/**
 * One pair's analysis: indicators → trend, risk, heat → progrev model → setup and exits → backtest of
 * the same setup over the pair's own past (how often it hit each exit or timed out, and what the
 * timeouts returned) → expected profit, comment and figures. Every number comes from the candles
 * passed in, read up to the last one and never beyond, so the same candles always give the same
 * analysis.
 */
import { DAY_MS, HOUR_MS } from '../shared/time';
import { buildComment } from './comment';
import { heatBandOf, heatComponentsOf, heatInputsAt, heatScoreOf, marketHeatAt } from './heat';
import { computeMarketSeries, indicatorsAt, type MarketSeries } from './market-series';
import { progrevAt } from './progrev';
import { riskLevelOf, riskScoreOf } from './risk';
import { computeSetupStates } from './setup-states';
import { HORIZONS, chooseSetup, exitsFor, sideOf, type ModelCall } from './setups';
import { estimateSuccess, expectedProfitOf } from './success-rate';
import type { AnalyzePairInput, Candle, Indicators, PairAnalysis, SignalPlan } from './types';

/**
 * 1.1.0: expected profit prices timeouts at their closing return instead of a full stop-loss.
 * 1.2.0: the success-rate shrinkage weights are estimated from the pair's own past (empirical Bayes)
 * instead of a fixed 100 effective trades.
 * 2.0.0: offers are published by the publication gate (a passing family's positions, with its
 * figures); the engine's own signal is published only by an operator's bypass analysis.
 */
export const ENGINE_VERSION = '2.0.0';
/** EMA(50) and MACD's signal line need about this many candles before they mean anything. */
export const MIN_HOURLY_CANDLES = 60;
/**
 * The model's scalp call needs at least this edge over a coin flip to pick a direction. The heavily
 * regularised progrev model rarely strays further than a few points from 0.5 (docs/signals.md).
 */
export const MODEL_CALL_MARGIN = 0.02;

/** Share of the last 24 h of candles whose high-low range exceeded their own ATR. */
function densityAt(s: MarketSeries, i: number): number {
  let busy = 0;
  let count = 0;
  for (let j = i; j >= 0 && s.time[j]! > s.time[i]! - DAY_MS; j--) {
    count++;
    if (s.high[j]! - s.low[j]! > s.atr[j]!) busy++;
  }
  return count > 0 ? busy / count : 0;
}

/** Minute candles newer than the last hourly close give a fresher price and extend the 24 h range. */
function refineWithMinutes(ind: Indicators, minute: Candle[], lastHourOpen: number): Indicators {
  const fresh = minute.filter((m) => m.time >= lastHourOpen + HOUR_MS);
  const last = fresh[fresh.length - 1];
  if (!last) return ind;
  const price = last.close;
  return {
    ...ind,
    price,
    atrPercent: (ind.atr14 / price) * 100,
    high24h: Math.max(ind.high24h, ...fresh.map((m) => m.high)),
    low24h: Math.min(ind.low24h, ...fresh.map((m) => m.low)),
    change24hPercent: ((1 + ind.change24hPercent / 100) * (price / ind.price) - 1) * 100,
    change7dPercent: ((1 + ind.change7dPercent / 100) * (price / ind.price) - 1) * 100,
  };
}

export function analyzePair(input: AnalyzePairInput): PairAnalysis {
  const candles = input.hourly;
  if (candles.length < MIN_HOURLY_CANDLES)
    throw new Error(
      `analyzePair(${input.pair}) needs ${MIN_HOURLY_CANDLES} hourly candles, got ${candles.length}`,
    );
  const s = computeMarketSeries(candles);
  const i = s.n - 1;
  const hourly = indicatorsAt(s, i);
  const indicators = refineWithMinutes(hourly, input.minute, s.time[i]!);

  const states = computeSetupStates(s);
  const trend = states.trend[i]!;
  const volPercentile = states.volatilityPercentile[i]!;
  const riskScore = riskScoreOf({
    volatilityPercentile: volPercentile,
    atrPercent: hourly.atrPercent,
    spreadPercent: input.spreadPercent,
  });
  const risk = riskLevelOf(riskScore);
  const heatInputs = heatInputsAt(s, i, input.activeTriggerCount);
  const heatComponents = heatComponentsOf(heatInputs);
  const heatScore = heatScoreOf(heatComponents);
  const marketHeat = marketHeatAt(s, i);

  const progrev = progrevAt(s, i);
  const upProbability = progrev.moveUp ? progrev.probability : 1 - progrev.probability;
  const modelCall: ModelCall =
    upProbability >= 0.5 + MODEL_CALL_MARGIN
      ? 'bullish'
      : upProbability <= 0.5 - MODEL_CALL_MARGIN
        ? 'bearish'
        : 'neutral';

  const setup = chooseSetup({ trend, risk, heatBand: heatBandOf(heatScore), modelCall });
  const feePercent = 2 * input.takerFeePercent;
  // Exits use the hourly close's ATR % so that they match the backtest's definition exactly.
  const exits = exitsFor({ ...setup, atrPercent: hourly.atrPercent, roundTripFeePercent: feePercent });
  const signal: SignalPlan = {
    ...setup,
    side: sideOf(setup.direction, hourly.price, hourly.bollingerMiddle),
    ...exits,
    horizonMinutes: HORIZONS[setup.horizon].hours * 60,
    feePercent,
  };
  const estimate = estimateSuccess({
    series: s,
    end: i,
    states,
    horizon: setup.horizon,
    direction: setup.direction,
    trend,
    heatBand: states.heatBand[i]!,
    highRisk: states.highRisk[i]!,
    roundTripFeePercent: feePercent,
    fallbackRate: exits.stopLossPercent / (exits.takeProfitPercent + exits.stopLossPercent),
  });
  const expectedProfitPercent = expectedProfitOf(estimate, exits, feePercent);
  const successRate = estimate.successRate * 100;
  const density = densityAt(s, i);

  const figures: Record<string, number> = {
    ...indicators,
    hourlyClose: hourly.price,
    riskScore,
    volatilityPercentile: volPercentile * 100,
    ...(input.spreadPercent !== undefined ? { spreadPercent: input.spreadPercent } : {}),
    heatScore,
    marketHeatScore: marketHeat,
    ...Object.fromEntries(Object.entries(heatComponents).map(([k, v]) => [`heat.${k}`, v])),
    atrRatio: heatInputs.atrRatio,
    macdStrengthAtr: heatInputs.macdStrength,
    breakoutAtr: heatInputs.breakoutAtr,
    activeTriggerCount: input.activeTriggerCount,
    progrevScore: progrev.probability,
    progrevUpProbability: upProbability,
    progrevTrainingRows: progrev.trainingRows,
    takeProfitPercent: exits.takeProfitPercent,
    stopLossPercent: exits.stopLossPercent,
    horizonHours: HORIZONS[setup.horizon].hours,
    feePercent,
    successRate,
    sampleSize: estimate.sampleSize,
    cellSuccesses: estimate.cellSuccesses,
    cellEffectiveSample: estimate.cellEffectiveSample,
    stateSuccessRate: estimate.stateRate * 100,
    baseSuccessRate: estimate.baseRate * 100,
    backtestHistorySize: estimate.historySize,
    pTakeProfit: estimate.successRate,
    pStopLoss: estimate.stopLossRate,
    pTimeout: estimate.timeoutRate,
    timeoutReturnPercent: estimate.timeoutReturnR * exits.stopLossPercent,
    cellTimeouts: estimate.cellTimeouts,
    statePriorWeight: estimate.statePriorWeight,
    cellPriorWeight: estimate.cellPriorWeight,
    expectedProfitPercent,
    density,
  };

  return {
    engineVersion: ENGINE_VERSION,
    dataCutoff: s.time[i]!,
    indicators,
    trend,
    risk,
    riskScore,
    heatScore,
    heatComponents,
    signal,
    successRate,
    sampleSize: estimate.sampleSize,
    progrevScore: progrev.probability,
    expectedProfitPercent,
    density,
    comment: buildComment({
      trend,
      risk,
      volatilityPercentile: volPercentile,
      indicators,
      heatScore,
      heatComponents,
      activeTriggerCount: input.activeTriggerCount,
      signal,
      successRate,
      sampleSize: estimate.sampleSize,
      timeoutShare: estimate.timeoutRate,
      expectedProfitPercent,
    }),
    figures,
  };
}
