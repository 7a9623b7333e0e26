/**
 * Walk-forward calibration of the success rate and the expected profit. For each series, after a
 * warm-up, the engine is run every `stepHours` on the candles seen so far (the last `lookbackDays` of
 * them, like production) and its predictions are compared with what then happened on the candles
 * after that point, with the same labelling the backtest uses: success = take-profit before
 * stop-loss within the horizon; realised net return = +TP, −SL or the return at the horizon's last
 * close, minus round-trip fees. Nothing the prediction sees lies after its evaluation point.
 */
import type { PositionType } from '../../contract/enums';
import { MIN_HOURLY_CANDLES, analyzePair } from './analyze-pair';
import { DAY_MS, HOUR_MS } from '../shared/time';
import { toHourly } from './candles';
import { labelOutcome, type PriceSeries } from './outcomes';
import type { Candle } from './types';

export interface CalibrationOptions {
  /** History before the first evaluation point (≥ 90 days so the backtest has a past). */
  warmupDays?: number;
  /** How much history each evaluation passes to the engine (production passes about 90 days). */
  lookbackDays?: number;
  /**
   * Hours between evaluation points. The default, 7, is coprime with 24 so the points cycle through
   * every hour of the day: success rates depend strongly on the time of day (the US session is the
   * busiest), and a step of 6, 8 or 12 would only ever test the same few hours.
   */
  stepHours?: number;
  takerFeePercent?: number;
  /**
   * Epoch ms: evaluate only at or after this time (earlier candles still serve as history). Lets a
   * held-out period be scored alone while the engine sees the candles before it.
   */
  evaluateFrom?: number;
}

export interface CalibrationDecile {
  /** Mean predicted success rate of the decile's signals, percent; null when empty. */
  predicted: number | null;
  /** Share of them that succeeded, percent; null when empty. */
  realised: number | null;
  count: number;
}

export interface ProfitBand {
  /** Mean predicted expected profit of the band's signals, percent. */
  predicted: number;
  /** Mean realised net return of the same signals, percent. */
  realised: number;
  count: number;
}

/** How predicted expected profit compares with the realised net return of the same signals. */
export interface ExpectedProfitCalibration {
  /** Five equal-count bands of signals sorted by predicted expected profit, lowest first. */
  quintiles: ProfitBand[];
  meanPredicted: number;
  meanRealised: number;
  /** meanPredicted − meanRealised, points: positive = the prediction promises too much. */
  bias: number;
  /** Count-weighted mean |predicted − realised| over the quintiles, points. */
  mae: number;
  /** Pearson correlation of predicted and realised per signal (0 when undefined). */
  correlation: number;
}

export interface CalibrationResult {
  /** Ten bands of predicted success: [0,10) … [90,100]. */
  deciles: CalibrationDecile[];
  /** Count-weighted mean |predicted − realised| over non-empty deciles, in points. */
  mae: number;
  brier: number;
  /** Brier score of always predicting the evaluated signals' own base rate. */
  brierBaseline: number;
  signals: number;
  expectedProfit: ExpectedProfitCalibration;
}

export interface EvaluatedSignal {
  series: string;
  time: number;
  positionType: PositionType;
  /** Predicted success rate, percent. */
  predicted: number;
  succeeded: boolean;
  /** Predicted expected profit, percent. */
  predictedProfit: number;
  /** Realised net return of the trade after round-trip fees, percent. */
  realisedProfit: number;
}

export const CALIBRATION_DEFAULTS: Required<CalibrationOptions> = {
  warmupDays: 90,
  lookbackDays: 90,
  stepHours: 7,
  takerFeePercent: 0.26,
  evaluateFrom: 0,
};

function priceSeries(candles: Candle[]): PriceSeries {
  return {
    time: candles.map((c) => c.time),
    high: candles.map((c) => c.high),
    low: candles.map((c) => c.low),
    close: candles.map((c) => c.close),
    n: candles.length,
  };
}

/** Every evaluated signal with its prediction and realised outcome. */
export function evaluateSignals(
  series: { name: string; candles: Candle[] }[],
  options: CalibrationOptions = {},
): EvaluatedSignal[] {
  const o = { ...CALIBRATION_DEFAULTS, ...options };
  const out: EvaluatedSignal[] = [];
  for (const { name, candles: raw } of series) {
    const candles = toHourly(raw);
    if (candles.length === 0) continue;
    const prices = priceSeries(candles);
    const firstEval = Math.max(candles[0]!.time + o.warmupDays * DAY_MS, o.evaluateFrom);
    let start = 0;
    let nextEval = firstEval;
    for (let i = 0; i < candles.length; i++) {
      const t = candles[i]!.time;
      if (t < nextEval) continue;
      nextEval = t + o.stepHours * HOUR_MS;
      while (candles[start]!.time <= t - o.lookbackDays * DAY_MS) start++;
      if (i + 1 - start < MIN_HOURLY_CANDLES) continue; // a window mostly made of gaps: nothing to analyse
      const a = analyzePair({
        pair: name,
        hourly: candles.slice(start, i + 1),
        minute: [],
        activeTriggerCount: 0,
        takerFeePercent: o.takerFeePercent,
      });
      const sig = a.signal;
      const outcome = labelOutcome(
        prices,
        i,
        sig.side,
        sig.takeProfitPercent / 100,
        sig.stopLossPercent / 100,
        sig.horizonMinutes / 60,
      );
      if (outcome.result === 'unknown') break; // the data ends before the horizon: nothing later is scorable
      out.push({
        series: name,
        time: t,
        positionType: sig.positionType,
        predicted: a.successRate,
        succeeded: outcome.result === 'tp',
        predictedProfit: a.expectedProfitPercent,
        realisedProfit: outcome.returnFraction * 100 - sig.feePercent,
      });
    }
  }
  return out;
}

const mean = (xs: number[]) => (xs.length > 0 ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Predicted expected profit against the realised net return, by predicted-profit quintile. */
export function summarizeExpectedProfit(signals: EvaluatedSignal[]): ExpectedProfitCalibration {
  // Ties broken by time and series so the bands do not depend on the input order.
  const sorted = [...signals].sort(
    (a, b) =>
      a.predictedProfit - b.predictedProfit ||
      a.time - b.time ||
      (a.series < b.series ? -1 : a.series > b.series ? 1 : 0),
  );
  const n = sorted.length;
  const quintiles: ProfitBand[] = [];
  for (let q = 0; q < 5; q++) {
    const band = sorted.slice(Math.round((q * n) / 5), Math.round(((q + 1) * n) / 5));
    if (band.length === 0) continue;
    quintiles.push({
      predicted: mean(band.map((x) => x.predictedProfit)),
      realised: mean(band.map((x) => x.realisedProfit)),
      count: band.length,
    });
  }
  const meanPredicted = mean(sorted.map((x) => x.predictedProfit));
  const meanRealised = mean(sorted.map((x) => x.realisedProfit));
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const x of sorted) {
    const dx = x.predictedProfit - meanPredicted;
    const dy = x.realisedProfit - meanRealised;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return {
    quintiles,
    meanPredicted,
    meanRealised,
    bias: meanPredicted - meanRealised,
    mae: n > 0 ? quintiles.reduce((sum, b) => sum + b.count * Math.abs(b.predicted - b.realised), 0) / n : 0,
    correlation: sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0,
  };
}

export function summarizeCalibration(signals: EvaluatedSignal[]): CalibrationResult {
  const bins = Array.from({ length: 10 }, () => ({ sumPredicted: 0, wins: 0, count: 0 }));
  let brier = 0;
  let wins = 0;
  for (const s of signals) {
    const bin = bins[Math.min(9, Math.max(0, Math.floor(s.predicted / 10)))]!;
    bin.sumPredicted += s.predicted;
    bin.count++;
    if (s.succeeded) [bin.wins, wins] = [bin.wins + 1, wins + 1];
    brier += (s.predicted / 100 - (s.succeeded ? 1 : 0)) ** 2;
  }
  const n = signals.length;
  const deciles = bins.map((b) =>
    b.count === 0
      ? { predicted: null, realised: null, count: 0 }
      : { predicted: b.sumPredicted / b.count, realised: (100 * b.wins) / b.count, count: b.count },
  );
  let errorSum = 0;
  for (const d of deciles) if (d.count > 0) errorSum += d.count * Math.abs(d.predicted! - d.realised!);
  const baseRate = n > 0 ? wins / n : 0;
  return {
    deciles,
    mae: n > 0 ? errorSum / n : 0,
    brier: n > 0 ? brier / n : 0,
    brierBaseline: baseRate * (1 - baseRate),
    signals: n,
    expectedProfit: summarizeExpectedProfit(signals),
  };
}

export function calibrate(
  series: { name: string; candles: Candle[] }[],
  options: CalibrationOptions = {},
): CalibrationResult {
  return summarizeCalibration(evaluateSignals(series, options));
}
