import { describe, expect, it } from 'vitest';
import { calibrate, evaluateSignals, summarizeCalibration, type EvaluatedSignal } from './calibration';
import { syntheticCandles } from './synthetic-candles';

const signal = (predicted: number, succeeded: boolean): EvaluatedSignal => ({
  series: 's',
  time: 0,
  positionType: 'long',
  predicted,
  succeeded,
});

describe('calibration summary', () => {
  it('bins predictions into deciles and scores them', () => {
    const r = summarizeCalibration([
      signal(15, false),
      signal(18, true),
      signal(61, true),
      signal(100, true),
    ]);
    expect(r.deciles).toHaveLength(10);
    expect(r.deciles[1]).toEqual({ predicted: 16.5, realised: 50, count: 2 });
    expect(r.deciles[6]).toEqual({ predicted: 61, realised: 100, count: 1 });
    expect(r.deciles[9]).toEqual({ predicted: 100, realised: 100, count: 1 });
    expect(r.deciles[0]).toEqual({ predicted: null, realised: null, count: 0 });
    expect(r.mae).toBeCloseTo((2 * 33.5 + 39 + 0) / 4, 12);
    expect(r.brier).toBeCloseTo((0.15 ** 2 + 0.82 ** 2 + 0.39 ** 2 + 0) / 4, 12);
    expect(r.brierBaseline).toBeCloseTo(0.75 * 0.25, 12);
    expect(r.signals).toBe(4);
  });
});

describe('walk-forward calibration', () => {
  const series = [{ name: 'syn', candles: syntheticCandles({ seed: 8, count: 24 * 130 }) }];
  const options = { warmupDays: 90, lookbackDays: 90, stepHours: 24 };

  it('evaluates every step after the warm-up while outcomes can still be scored', () => {
    const signals = evaluateSignals(series, options);
    expect(signals.length).toBeGreaterThanOrEqual(38);
    expect(signals.length).toBeLessThanOrEqual(40);
    const first = series[0]!.candles[0]!.time + 90 * 86_400_000;
    expect(signals[0]!.time).toBe(first);
    expect(signals[1]!.time - signals[0]!.time).toBe(24 * 3_600_000);
  });

  it('returns the report shape with consistent counts', () => {
    const r = calibrate(series, options);
    expect(r.deciles.reduce((sum, d) => sum + d.count, 0)).toBe(r.signals);
    expect(r.brier).toBeGreaterThan(0);
    expect(r.brierBaseline).toBeGreaterThan(0);
  });
});
