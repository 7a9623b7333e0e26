import { describe, expect, it } from 'vitest';
import { HOUR_MS } from '../shared/time';
import { labelOutcome, type PriceSeries } from './outcomes';

/** Candles as [high, low] after an entry candle closing at 100; optional explicit hour offsets. */
function series(path: [number, number][], hoursAt?: number[]): PriceSeries {
  const time = [0, ...path.map((_, k) => (hoursAt?.[k] ?? k + 1) * HOUR_MS)];
  return {
    time,
    high: [100, ...path.map((p) => p[0])],
    low: [100, ...path.map((p) => p[1])],
    close: [100, ...path.map((p) => (p[0] + p[1]) / 2)],
    n: time.length,
  };
}

describe('outcome labelling', () => {
  it('take-profit first is a success, stop-loss first is not', () => {
    const s = series([
      [101, 99.5],
      [102.5, 100],
      [100, 97],
    ]);
    expect(labelOutcome(s, 0, 'buy', 0.02, 0.02, 5)).toEqual({
      result: 'tp',
      hours: 2,
      returnFraction: 0.02,
    });
    expect(labelOutcome(s, 0, 'sell', 0.02, 0.02, 5)).toEqual({
      result: 'sl',
      hours: 2,
      returnFraction: -0.02,
    });
    expect(labelOutcome(s, 0, 'sell', 0.025, 0.03, 5)).toEqual({
      result: 'tp',
      hours: 3,
      returnFraction: 0.025,
    });
  });

  it('a candle touching both exits counts as the stop (pessimistic)', () => {
    const s = series([[103, 97]]);
    expect(labelOutcome(s, 0, 'buy', 0.02, 0.02, 3).result).toBe('sl');
    expect(labelOutcome(s, 0, 'sell', 0.02, 0.02, 3).result).toBe('sl');
  });

  it('neither exit within the horizon is a timeout; data ending early is unknown', () => {
    const s = series([
      [101, 99],
      [101, 99],
      [105, 99],
    ]);
    expect(labelOutcome(s, 0, 'buy', 0.02, 0.02, 2)).toEqual({
      result: 'timeout',
      hours: 2,
      returnFraction: 0,
    });
    expect(labelOutcome(s, 0, 'buy', 0.02, 0.02, 3).result).toBe('tp');
    expect(labelOutcome(s, 0, 'buy', 0.1, 0.1, 5).result).toBe('unknown');
  });

  it("a timeout closes at market: the signed return of the horizon's last close", () => {
    const s = series([
      [101, 99.4],
      [101.4, 100.2],
      [109, 100],
    ]);
    // closes 100.2, 100.8: the buy gained 0.8 %, the sell lost it; the 3rd candle is past the horizon
    const buy = labelOutcome(s, 0, 'buy', 0.02, 0.02, 2);
    const sell = labelOutcome(s, 0, 'sell', 0.02, 0.02, 2);
    expect(buy.result).toBe('timeout');
    expect(buy.returnFraction).toBeCloseTo(0.008, 12);
    expect(sell.result).toBe('timeout');
    expect(sell.returnFraction).toBeCloseTo(-0.008, 12);
    // no candle within the horizon at all (a gap): closed where it was opened
    const gap = series([[101, 99]], [5]);
    expect(labelOutcome(gap, 0, 'buy', 0.02, 0.02, 3)).toEqual({
      result: 'timeout',
      hours: 3,
      returnFraction: 0,
    });
  });

  it('the horizon is in time, so candles after a gap beyond it are not read', () => {
    const s = series(
      [
        [101, 99],
        [110, 99],
      ],
      [1, 10],
    );
    expect(labelOutcome(s, 0, 'buy', 0.05, 0.05, 4).result).toBe('timeout');
    expect(labelOutcome(s, 0, 'buy', 0.05, 0.05, 10).result).toBe('tp');
  });
});
