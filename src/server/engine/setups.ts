/**
 * Setups: which position type fits the moment, and the concrete exits for it. Exits are multiples of
 * ATR(14), so they scale with how much the pair moves per hour; the horizon is where the offer
 * expires. Long/short follow the trend; balanced is a range trade that fades the move back toward the
 * Bollinger middle band with symmetric exits.
 */
import type { PositionType } from '../../contract/enums';
import type { HeatBand } from './heat';
import type { Side } from './outcomes';
import type { Direction, Horizon, RiskLevel, Trend } from './types';

export interface HorizonSpec {
  hours: number;
  takeProfitAtr: number;
  stopLossAtr: number;
}

/** Wider exits for longer horizons (price wanders ~√hours); hedge keeps a tight stop, 2:1 reward. */
export const HORIZONS: Record<Horizon, HorizonSpec> = {
  scalp: { hours: 2, takeProfitAtr: 1, stopLossAtr: 1 },
  ml_scalp: { hours: 2, takeProfitAtr: 1, stopLossAtr: 1 },
  quick: { hours: 8, takeProfitAtr: 2, stopLossAtr: 1.5 },
  day: { hours: 24, takeProfitAtr: 3, stopLossAtr: 2 },
  hedge: { hours: 6, takeProfitAtr: 1.5, stopLossAtr: 0.75 },
};

/** A take-profit must at least earn back the round-trip fees twice, or a "success" loses money. */
export const MIN_TAKE_PROFIT_FEE_MULTIPLE = 2;

export type ModelCall = 'bullish' | 'bearish' | 'neutral';

const directionOfTrend: Record<Trend, Direction> = { bullish: 'long', bearish: 'short', neutral: 'balanced' };
const directionOfCall: Record<ModelCall, Direction> = {
  bullish: 'long',
  bearish: 'short',
  neutral: 'balanced',
};

export interface SetupChoice {
  direction: Direction;
  horizon: Horizon;
  positionType: PositionType;
}

/**
 * High risk → hedge (tight stop) in the trend's direction. Otherwise heat picks the horizon: calm → a
 * day, warm → hours (a range scalp when there is no trend, as quick_balanced does not exist), hot → a
 * scalp, where the learned model's confident call decides the direction (ml_scalp_bullish/bearish);
 * without a confident call the trend decides, and with neither the model's neutral range scalp remains.
 */
export function chooseSetup(input: {
  trend: Trend;
  risk: RiskLevel;
  heatBand: HeatBand;
  modelCall: ModelCall;
}): SetupChoice {
  const { trend, risk, heatBand, modelCall } = input;
  const dir = directionOfTrend[trend];
  if (risk === 'high') return { direction: dir, horizon: 'hedge', positionType: `hedge_${dir}` };
  if (heatBand === 'hot') {
    if (modelCall !== 'neutral' || trend === 'neutral')
      return {
        direction: directionOfCall[modelCall],
        horizon: 'ml_scalp',
        positionType: `ml_scalp_${modelCall}`,
      };
    return { direction: dir, horizon: 'scalp', positionType: `scalp_${dir}` };
  }
  if (heatBand === 'warm') {
    if (dir === 'balanced') return { direction: dir, horizon: 'scalp', positionType: 'scalp_balanced' };
    return { direction: dir, horizon: 'quick', positionType: `quick_${dir}` };
  }
  return { direction: dir, horizon: 'day', positionType: dir };
}

/** Buy for long, sell for short; a range trade sells above the middle band and buys at or below it. */
export function sideOf(direction: Direction, close: number, bollingerMiddle: number): Side {
  if (direction === 'long') return 'buy';
  if (direction === 'short') return 'sell';
  return close > bollingerMiddle ? 'sell' : 'buy';
}

export interface Exits {
  takeProfitPercent: number;
  stopLossPercent: number;
}

/** Exits in percent of the entry price; balanced trades use the horizon's stop distance on both sides. */
export function exitsFor(input: {
  horizon: Horizon;
  direction: Direction;
  atrPercent: number;
  roundTripFeePercent: number;
}): Exits {
  const spec = HORIZONS[input.horizon];
  const tpAtr = input.direction === 'balanced' ? spec.stopLossAtr : spec.takeProfitAtr;
  // Widen both exits together (same reward:risk) when the ATR target would not cover the fees twice.
  const tp = Math.max(tpAtr * input.atrPercent, MIN_TAKE_PROFIT_FEE_MULTIPLE * input.roundTripFeePercent);
  const sl = (tp * spec.stopLossAtr) / tpAtr;
  return { takeProfitPercent: tp, stopLossPercent: sl };
}
