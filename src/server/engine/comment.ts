/**
 * `refereeComment`: a rule-based reading of the figures in plain words. It names only what drove the
 * signal (trend evidence, risk drivers, the biggest heat components, the setup and its track record),
 * so it never claims more than the numbers say.
 */
import { HEAT_WEIGHTS } from './heat';
import type { HeatComponents, Indicators, RiskLevel, SignalPlan, Trend } from './types';

const HEAT_WORDS: Record<keyof HeatComponents, (ind: Indicators, triggers: number) => string> = {
  volumeSurge: (ind) => `volume ${ind.relativeVolume.toFixed(1)}× its 7-day median`,
  volatilityExpansion: () => 'volatility expanding',
  momentum: (ind) => `RSI ${ind.rsi14.toFixed(0)}`,
  breakout: (ind) =>
    ind.price >= ind.bollingerMiddle ? 'breaking out upward' : 'breaking down below its range',
  triggers: (_ind, n) => `${n} active trigger${n === 1 ? '' : 's'}`,
};

const HORIZON_WORDS: Record<SignalPlan['horizon'], string> = {
  scalp: 'Scalp',
  ml_scalp: 'Model scalp',
  quick: 'Quick trade',
  day: 'Day trade',
  hedge: 'Hedged trade',
};

const pct = (x: number, digits = 2) => `${x.toFixed(digits)} %`;

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function trendWords(trend: Trend, ind: Indicators): string {
  const ema = ind.ema20 > ind.ema50 ? 'EMA20 above EMA50' : 'EMA20 below EMA50';
  const macdSide = ind.macd > 0 ? 'MACD above zero' : 'MACD below zero';
  if (trend === 'neutral') return `No clear trend (${ema}, but ${macdSide})`;
  return `${trend === 'bullish' ? 'Bullish' : 'Bearish'} trend (${ema}, ${macdSide})`;
}

export function buildComment(input: {
  trend: Trend;
  risk: RiskLevel;
  volatilityPercentile: number;
  indicators: Indicators;
  heatScore: number;
  heatComponents: HeatComponents;
  activeTriggerCount: number;
  signal: SignalPlan;
  successRate: number;
  sampleSize: number;
  /** Share of those past setups that reached neither exit, 0-1 (shrunk, like the success rate). */
  timeoutShare: number;
  expectedProfitPercent: number;
}): string {
  const ind = input.indicators;
  const drivers = (Object.keys(HEAT_WEIGHTS) as (keyof HeatComponents)[])
    .map((k) => ({ k, v: HEAT_WEIGHTS[k] * input.heatComponents[k] }))
    .filter((d) => d.v >= 0.05)
    .sort((a, b) => b.v - a.v)
    .slice(0, 2)
    .map((d) => HEAT_WORDS[d.k](ind, input.activeTriggerCount));
  const heat = `Heat ${input.heatScore.toFixed(0)}${drivers.length ? ` (${drivers.join(', ')})` : ' (quiet market)'}.`;
  const sig = input.signal;
  const side = sig.side === 'buy' ? 'buy' : 'sell';
  const parts = [
    `${trendWords(input.trend, ind)}.`,
    `Risk ${input.risk}: volatility at the ${ordinal(Math.round(input.volatilityPercentile * 100))} percentile of its history, ATR ${pct(ind.atrPercent)}.`,
    heat,
    `${HORIZON_WORDS[sig.horizon]} (${sig.positionType}, ${side} at market): take-profit ${pct(sig.takeProfitPercent)}, stop-loss ${pct(sig.stopLossPercent)} within ${sig.horizonMinutes / 60} h.`,
    `${input.successRate.toFixed(0)} % success expected from ${input.sampleSize} similar past setups, ${(input.timeoutShare * 100).toFixed(0)} % expected to reach neither exit; expected profit ${pct(input.expectedProfitPercent)} after ${pct(sig.feePercent)} fees.`,
  ];
  return parts.join(' ');
}
