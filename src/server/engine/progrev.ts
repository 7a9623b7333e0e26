/**
 * Progrev score: the probability that the current move PROgresses one ATR further before it
 * REVerses one ATR. The "current move" is the direction of the last 6 hours' price change. A logistic
 * regression learns it from the pair's own history: every past hour whose 48 h outcome window ended
 * by the analysed candle is a training row (label 1 = progressed first, 0 = reversed first; hours
 * where neither happened within 48 h are left out). Features are signed by the move's direction, so
 * one model serves up- and down-moves.
 */
import { fitLogistic, predictLogistic, type LogisticModel } from './logistic';
import { WARMUP_CANDLES, type MarketSeries } from './market-series';
import { labelOutcome } from './outcomes';

export const PROGREV_WINDOW_HOURS = 48;
const MOVE_LOOKBACK = 6;
/** Fewer labelled rows than this and the model says nothing (0.5). */
const MIN_TRAINING_ROWS = 100;
/**
 * Ridge strength per training row, intercept included (pulled toward 0.5). Symmetric ±1 ATR exits are
 * a fair coin flip for a driftless market, and walk-forward checks on both candle sets found no
 * feature that beats 0.5 out of sample while a lightly penalised fit did worse than 0.5 (it learns
 * each window's regime, which then turns). A prior as heavy as the data keeps the score honest: it
 * leaves 0.5 only as far as a whole window of evidence insists.
 */
export const PROGREV_RIDGE_PER_ROW = 1;
export const PROGREV_FEATURES = [
  'moveAtr',
  'rsiTilt',
  'macdAtr',
  'emaSpreadAtr',
  'bandPosition',
  'logRelativeVolume',
  'logAtrRatio',
] as const;

const finiteOr0 = (x: number) => (Number.isFinite(x) ? Math.min(10, Math.max(-10, x)) : 0);

/** +1 when the last 6 hours rose (or were flat), −1 when they fell. */
export function moveSignAt(s: MarketSeries, i: number): 1 | -1 {
  return s.close[i]! >= s.close[Math.max(0, i - MOVE_LOOKBACK)]! ? 1 : -1;
}

export function progrevFeaturesAt(s: MarketSeries, i: number): number[] {
  const sign = moveSignAt(s, i);
  const a = s.atr[i]!;
  const c = s.close[i]!;
  const halfBand = s.bbUpper[i]! - s.bbMiddle[i]!;
  return [
    (sign * (c - s.close[Math.max(0, i - MOVE_LOOKBACK)]!)) / a,
    (sign * (s.rsi[i]! - 50)) / 50,
    (sign * s.macdHistogram[i]!) / a,
    (sign * (s.ema20[i]! - s.ema50[i]!)) / a,
    halfBand > 0 ? (sign * (c - s.bbMiddle[i]!)) / halfBand : 0,
    Math.log(Math.max(s.relativeVolume[i]!, 0.05)),
    Math.log(s.atrRatio[i]!),
  ].map(finiteOr0);
}

/** 1 progressed, 0 reversed, null when neither within the window (or not yet known). */
export function progrevLabelAt(s: MarketSeries, i: number): 0 | 1 | null {
  const atrFraction = s.atr[i]! / s.close[i]!;
  if (!(atrFraction > 0)) return null;
  const side = moveSignAt(s, i) > 0 ? 'buy' : 'sell';
  const o = labelOutcome(s, i, side, atrFraction, atrFraction, PROGREV_WINDOW_HOURS);
  return o.result === 'tp' ? 1 : o.result === 'sl' ? 0 : null;
}

export interface ProgrevResult {
  /** 0-1 for the current move. */
  probability: number;
  /** Direction of the current move. */
  moveUp: boolean;
  trainingRows: number;
  model: LogisticModel | null;
}

export function progrevAt(s: MarketSeries, end: number): ProgrevResult {
  const rows: number[][] = [];
  const labels: number[] = [];
  const lastEntry = s.time[end]! - PROGREV_WINDOW_HOURS * 3_600_000;
  for (let j = WARMUP_CANDLES; j < end && s.time[j]! <= lastEntry; j++) {
    const y = progrevLabelAt(s, j);
    if (y === null) continue;
    rows.push(progrevFeaturesAt(s, j));
    labels.push(y);
  }
  const moveUp = moveSignAt(s, end) > 0;
  if (rows.length < MIN_TRAINING_ROWS)
    return { probability: 0.5, moveUp, trainingRows: rows.length, model: null };
  const model = fitLogistic(rows, labels, {
    l2: PROGREV_RIDGE_PER_ROW * rows.length,
    penaliseIntercept: true,
  });
  return {
    probability: predictLogistic(model, progrevFeaturesAt(s, end)),
    moveUp,
    trainingRows: rows.length,
    model,
  };
}
