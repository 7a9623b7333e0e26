/**
 * The publication gate's own walk-forward on the stored candles, as Signal Quality's backtest rows:
 * at each refit every family is judged on the hours before it only, and until the next refit each
 * passing family's candidate publishes its positions with the success rate of its record then (its
 * hit rate). Each published position is then judged as a live offer is: succeeded when its net
 * return is above zero. Rows per family and the engine's risk level at the decision, so a fresh
 * server shows how far the gate's success rates held before any live offer has been scored.
 */
import { computeMarketSeries } from '../engine/market-series';
import { riskLevelOf, riskScoreOf, volatilityPercentileSeries } from '../engine/risk';
import type { RiskLevel } from '../engine/types';
import type { VariantRun } from './judge-family';
import type { Universe } from './types';
import { walkForwardGate } from './walk-forward-gate';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface GateBacktestRow {
  family: string;
  riskLevel: RiskLevel;
  /** Mean success rate (hit rate at its refit) the published positions stated, in percent. */
  predictedSuccessRate: number;
  sampleSize: number;
  succeeded: number;
  realisedSuccessRate: number;
}

/** One family's published positions decided on one UTC day (the track record's comparison). */
export interface GateBacktestDay {
  family: string;
  day: string;
  trades: number;
  wins: number;
  netSumPercent: number;
  netSquaresPercent: number;
}

export interface GateBacktest {
  /** The first refit, in days after the first stored candle; then every `refitDays`. */
  firstRefitDays: number;
  refitDays: number;
  rows: GateBacktestRow[];
  days: GateBacktestDay[];
}

export function gateBacktest(input: {
  universe: Universe;
  families: ReadonlyMap<string, readonly VariantRun[]>;
  trials: number;
  firstRefitDays: number;
  refitDays: number;
}): GateBacktest {
  const { universe, firstRefitDays, refitDays } = input;
  const { published } = walkForwardGate({
    hours: universe.hours,
    families: input.families,
    trials: input.trials,
    firstRefitHour: firstRefitDays * 24,
    refitDays,
  });
  const riskAt = riskLevels(universe);
  const cells = new Map<string, GateBacktestRow & { predictedSum: number }>();
  const days = new Map<string, GateBacktestDay>();
  for (const signal of published) {
    const day = new Date(Math.floor((universe.start + signal.at * HOUR_MS) / DAY_MS) * DAY_MS).toISOString();
    const daily = days.get(`${signal.family}|${day}`) ?? {
      family: signal.family,
      day,
      trades: 0,
      wins: 0,
      netSumPercent: 0,
      netSquaresPercent: 0,
    };
    daily.trades += 1;
    daily.wins += signal.succeeded ? 1 : 0;
    daily.netSumPercent += signal.realisedNetPercent;
    daily.netSquaresPercent += signal.realisedNetPercent ** 2;
    days.set(`${signal.family}|${day}`, daily);
    const riskLevel = riskAt(signal.pair, signal.at);
    const key = `${signal.family}|${riskLevel}`;
    const cell = cells.get(key) ?? {
      family: signal.family,
      riskLevel,
      predictedSuccessRate: 0,
      sampleSize: 0,
      succeeded: 0,
      realisedSuccessRate: 0,
      predictedSum: 0,
    };
    cell.sampleSize += 1;
    cell.succeeded += signal.succeeded ? 1 : 0;
    cell.predictedSum += 100 * signal.predictedHitRate;
    cells.set(key, cell);
  }
  const order: RiskLevel[] = ['low', 'medium', 'high'];
  const rows = [...cells.values()]
    .map(({ predictedSum, ...cell }) => ({
      ...cell,
      predictedSuccessRate: predictedSum / cell.sampleSize,
      realisedSuccessRate: (100 * cell.succeeded) / cell.sampleSize,
    }))
    .sort(
      (a, b) => a.family.localeCompare(b.family) || order.indexOf(a.riskLevel) - order.indexOf(b.riskLevel),
    );
  return {
    firstRefitDays,
    refitDays,
    rows,
    days: [...days.values()].sort((a, b) => a.family.localeCompare(b.family) || a.day.localeCompare(b.day)),
  };
}

/**
 * The engine's risk level of each pair at each decision hour, from its candles up to that hour (the
 * volatility percentile reads only the past, so one pass over the whole series is leak-free).
 */
function riskLevels(universe: Universe): (pair: number, hour: number) => RiskLevel {
  const byPair = universe.pairs.map((p) => {
    const candles = [];
    for (let h = 0; h < universe.hours; h++)
      if (Number.isFinite(p.close[h]))
        candles.push({
          time: universe.start + h * HOUR_MS,
          open: p.open[h]!,
          high: p.high[h]!,
          low: p.low[h]!,
          close: p.close[h]!,
          volume: p.volume[h]!,
        });
    const series = computeMarketSeries(candles);
    const percentile = volatilityPercentileSeries(series);
    const index = new Map(candles.map((c, i) => [Math.round((c.time - universe.start) / HOUR_MS), i]));
    return { series, percentile, index };
  });
  return (pair, hour) => {
    const { series, percentile, index } = byPair[pair]!;
    const i = index.get(hour);
    // A family decides only at hours with a candle; an hour without one reads as the middle level.
    if (i === undefined) return 'medium';
    const atrPercent = (series.atr[i]! / series.close[i]!) * 100;
    return riskLevelOf(riskScoreOf({ volatilityPercentile: percentile[i]!, atrPercent }));
  };
}
