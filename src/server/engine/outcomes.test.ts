import { describe, expect, it } from 'vitest';
import { HOUR_MS } from './candles';
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
    expect(labelOutcome(s, 0, 'buy', 0.02, 0.02, 5)).toEqual({ result: 'tp', hours: 2 });
    expect(labelOutcome(s, 0, 'sell', 0.02, 0.02, 5)).toEqual({ result: 'sl', hours: 2 });
    expect(labelOutcome(s, 0, 'sell', 0.025, 0.03, 5)).toEqual({ result: 'tp', hours: 3 });
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
    expect(labelOutcome(s, 0, 'buy', 0.02, 0.02, 2)).toEqual({ result: 'timeout', hours: 2 });
    expect(labelOutcome(s, 0, 'buy', 0.02, 0.02, 3).result).toBe('tp');
    expect(labelOutcome(s, 0, 'buy', 0.1, 0.1, 5).result).toBe('unknown');
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
