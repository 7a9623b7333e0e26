/**
 * No lookahead: the analysis of candle i must not change when candles after i are added, removed or
 * altered. Each stage is run on the prefix [0..i] and on the full (and on a future-altered) series and
 * must agree bit for bit at i.
 */
import { describe, expect, it } from 'vitest';
import { evaluateSignals } from './calibration';
import { computeMarketSeries, type MarketSeries } from './market-series';
import { progrevAt } from './progrev';
import { computeSetupStates } from './setup-states';
import { estimateSuccess, expectedProfitOf } from './success-rate';
import { syntheticCandles } from './synthetic-candles';
import type { Candle } from './types';

const candles = syntheticCandles({ seed: 99, count: 1400 });
const i = 1100;
/** The same history with a wild future: prices doubled and volumes tenfold after i. */
const altered: Candle[] = candles.map((c, k) =>
  k <= i
    ? c
    : {
        ...c,
        open: c.open * 2,
        high: c.high * 2.2,
        low: c.low * 1.9,
        close: c.close * 2,
        volume: c.volume * 10,
      },
);

const SERIES_KEYS = Object.keys(computeMarketSeries(candles.slice(0, 80))).filter(
  (k) => k !== 'candles' && k !== 'n',
) as (keyof MarketSeries)[];

function backtestAt(s: MarketSeries, end: number) {
  const states = computeSetupStates(s);
  return estimateSuccess({
    series: s,
    end,
    states,
    horizon: 'day',
    direction: 'long',
    trend: states.trend[end]!,
    heatBand: states.heatBand[end]!,
    highRisk: states.highRisk[end]!,
    roundTripFeePercent: 0.52,
    fallbackRate: 0.4,
  });
}

describe('no lookahead', () => {
  const prefix = computeMarketSeries(candles.slice(0, i + 1));
  const full = computeMarketSeries(candles);
  const changed = computeMarketSeries(altered);

  it('every indicator series at i ignores later candles', () => {
    for (const key of SERIES_KEYS) {
      const a = (prefix[key] as Float64Array)[i];
      expect((full[key] as Float64Array)[i], key).toBe(a);
      expect((changed[key] as Float64Array)[i], key).toBe(a);
    }
  });

  it('setup states (trend, heat band, risk) at every candle up to i ignore later candles', () => {
    const p = computeSetupStates(prefix);
    const c = computeSetupStates(changed);
    expect(c.trend.slice(0, i + 1)).toEqual(p.trend);
    expect(c.heatBand.slice(0, i + 1)).toEqual(p.heatBand);
    expect(c.highRisk.slice(0, i + 1)).toEqual(p.highRisk);
    expect([...c.volatilityPercentile.slice(0, i + 1)]).toEqual([...p.volatilityPercentile]);
  });

  it('the backtest (success, stop-loss and timeout shares, timeout return) and the progrev model at i ignore later candles', () => {
    const p = backtestAt(prefix, i);
    expect(backtestAt(changed, i)).toEqual(p);
    expect(backtestAt(full, i)).toEqual(p);
    expect(p.timeoutRate).toBeGreaterThan(0);
    expect(p.timeoutReturnR).not.toBe(0);
    const exits = { takeProfitPercent: 3, stopLossPercent: 2 };
    expect(expectedProfitOf(backtestAt(changed, i), exits, 0.52)).toBe(expectedProfitOf(p, exits, 0.52));
    expect(progrevAt(changed, i)).toEqual(progrevAt(prefix, i));
  });

  it('calibration predictions before a change in the data do not move; only outcomes may', () => {
    const options = { warmupDays: 40, lookbackDays: 40, stepHours: 24 };
    const a = evaluateSignals([{ name: 'x', candles }], options);
    const b = evaluateSignals([{ name: 'x', candles: altered }], options);
    const before = (list: typeof a) =>
      list
        .filter((s) => s.time <= candles[i]!.time)
        .map((s) => [s.predicted, s.predictedProfit, s.positionType] as const);
    expect(before(a).length).toBeGreaterThan(5);
    expect(before(b)).toEqual(before(a));
    // outcomes (and realised returns) may change: the doubled future does move them
    const realised = (list: typeof a) =>
      list.filter((s) => s.time > candles[i]!.time).map((s) => s.realisedProfit);
    expect(realised(b)).not.toEqual(realised(a));
  });
});
