import { describe, expect, it } from 'vitest';
import {
  calibrate,
  evaluateSignals,
  summarizeCalibration,
  summarizeExpectedProfit,
  type EvaluatedSignal,
} from './calibration';
import { syntheticCandles } from './synthetic-candles';

const signal = (
  predicted: number,
  succeeded: boolean,
  predictedProfit = 0,
  realisedProfit = 0,
  time = 0,
): EvaluatedSignal => ({
  series: 's',
  time,
  positionType: 'long',
  predicted,
  succeeded,
  predictedProfit,
  realisedProfit,
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

describe('expected-profit calibration', () => {
  it('bands signals by predicted expected profit and compares with the realised net return', () => {
    // Ten signals predicted −1.0 … −0.1 %; each realises twice its prediction + 0.5.
    const list = Array.from({ length: 10 }, (_, k) => {
      const p = -1 + k / 10;
      return signal(20, false, p, 2 * p + 0.5, 10 - k);
    });
    const r = summarizeExpectedProfit([...list].reverse());
    expect(r.quintiles.map((q) => q.count)).toEqual([2, 2, 2, 2, 2]);
    expect(r.quintiles[0]!.predicted).toBeCloseTo(-0.95, 12);
    expect(r.quintiles[0]!.realised).toBeCloseTo(-1.4, 12);
    expect(r.quintiles[4]!.predicted).toBeCloseTo(-0.15, 12);
    expect(r.quintiles[4]!.realised).toBeCloseTo(0.2, 12);
    expect(r.meanPredicted).toBeCloseTo(-0.55, 12);
    expect(r.meanRealised).toBeCloseTo(-0.6, 12);
    expect(r.bias).toBeCloseTo(0.05, 12);
    expect(r.correlation).toBeCloseTo(1, 12);
    const mae = r.quintiles.reduce((s, q) => s + q.count * Math.abs(q.predicted - q.realised), 0) / 10;
    expect(r.mae).toBeCloseTo(mae, 12);
  });

  it('is part of the summary and empty-safe', () => {
    const empty = summarizeCalibration([]);
    expect(empty.expectedProfit).toEqual({
      quintiles: [],
      meanPredicted: 0,
      meanRealised: 0,
      bias: 0,
      mae: 0,
      correlation: 0,
    });
    expect(summarizeCalibration([signal(30, true, 0.2, 1.5)]).expectedProfit.quintiles).toEqual([
      { predicted: 0.2, realised: 1.5, count: 1 },
    ]);
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
    expect(Object.keys(r)).toEqual(
      expect.arrayContaining(['deciles', 'mae', 'brier', 'brierBaseline', 'signals', 'expectedProfit']),
    );
    expect(r.deciles.reduce((sum, d) => sum + d.count, 0)).toBe(r.signals);
    expect(r.expectedProfit.quintiles.reduce((sum, q) => sum + q.count, 0)).toBe(r.signals);
    expect(r.brier).toBeGreaterThan(0);
    expect(r.brierBaseline).toBeGreaterThan(0);
  });

  it("scores each signal's realised net return with the labelling of the backtest", () => {
    for (const s of evaluateSignals(series, options)) {
      expect(Number.isFinite(s.predictedProfit)).toBe(true);
      // A success earns more than the fees; no trade loses more than its stop (largest 1 ATR ≈ few %).
      if (s.succeeded) expect(s.realisedProfit).toBeGreaterThan(0.52 - 1e-9);
      expect(s.realisedProfit).toBeGreaterThan(-25);
    }
  });
});
