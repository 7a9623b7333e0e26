import { describe, expect, it } from 'vitest';
import type { BacktestCalibration, CalibrationBucket } from '../../../../contract/signal-quality';
import { backtestValues, livePoints, reliabilityOption, symbolSizeFor } from './reliability-chart';

function bucket(
  i: number,
  succeeded: number,
  sampleSize: number,
  predicted: number | null,
): CalibrationBucket {
  return {
    from: i * 10,
    to: i * 10 + 10,
    predictedSuccessRate: predicted,
    sampleSize,
    succeeded,
    failed: sampleSize - succeeded,
    neither: 0,
    realisedSuccessRate: sampleSize ? (100 * succeeded) / sampleSize : null,
  };
}

const calibration = Array.from({ length: 10 }, (_, i) =>
  i === 3 ? bucket(3, 5, 10, 35) : i === 6 ? bucket(6, 60, 100, 64) : bucket(i, 0, 0, null),
);

const backtest: BacktestCalibration = {
  computedAt: '2026-11-21T10:00:00.000Z',
  engineVersion: '1.2.0',
  pairs: 12,
  signals: 300,
  deciles: Array.from({ length: 10 }, (_, i) =>
    i === 4
      ? { predicted: 44, realised: 41, count: 200 }
      : i === 5
        ? { predicted: 55, realised: 52, count: 100 }
        : { predicted: null, realised: null, count: 0 },
  ),
  mae: 3,
  brier: 0.24,
  brierBaseline: 0.245,
  warmupDays: 45,
  lookbackDays: 45,
};

describe('reliability chart data', () => {
  it('plots only the live bands with scored offers, each with its 95 % interval', () => {
    const points = livePoints(calibration);
    expect(points.map((p) => p.value)).toEqual([
      [35, 50, 10],
      [64, 60, 100],
    ]);
    expect(points[0]!.low).toBeCloseTo(23.66, 2);
    expect(points[0]!.high).toBeCloseTo(76.34, 2);
    expect(points[1]!.low).toBeCloseTo(50.2, 1);
  });

  it('plots the non-empty backtest deciles, and nothing when no backtest is computed', () => {
    expect(backtestValues(backtest)).toEqual([
      [44, 41, 200],
      [55, 52, 100],
    ]);
    expect(backtestValues(null)).toEqual([]);
  });

  it('sizes points by sample, within bounds', () => {
    expect(symbolSizeFor(0)).toBe(6);
    expect(symbolSizeFor(100)).toBe(21);
    expect(symbolSizeFor(10_000)).toBe(30);
    expect(symbolSizeFor(10)).toBeLessThan(symbolSizeFor(100));
  });

  it('draws the diagonal, the live points with whiskers and the backtest as a second series', () => {
    const option = reliabilityOption(calibration, backtest) as {
      series: { name: string; data: unknown[]; markLine?: { data: unknown[] } }[];
    };
    expect(option.series.map((s) => s.name)).toEqual([
      'Perfect calibration',
      'Live offers',
      'Backtest (walk-forward)',
    ]);
    expect(option.series[0]!.data).toEqual([
      [0, 0],
      [100, 100],
    ]);
    const whiskers = option.series[1]!.markLine!.data as [{ coord: number[] }, { coord: number[] }][];
    expect(whiskers).toHaveLength(2);
    expect(whiskers[1]![0].coord[0]).toBe(64);
    expect(whiskers[1]![0].coord[1]).toBeCloseTo(50.2, 1);
    expect(whiskers[1]![1].coord[1]).toBeCloseTo(69.06, 1);

    const liveOnly = reliabilityOption(calibration, null) as { series: { name: string }[] };
    expect(liveOnly.series.map((s) => s.name)).toEqual(['Perfect calibration', 'Live offers']);
  });

  it('names predicted, realised, size and interval in the live tooltip', () => {
    const option = reliabilityOption(calibration, null) as {
      series: { tooltip?: { formatter?: (p: { dataIndex: number }) => string } }[];
    };
    expect(option.series[1]!.tooltip!.formatter!({ dataIndex: 1 })).toBe(
      'Live offers<br/>Predicted 64.00% · realised 60.00% · 100 offers<br/>95 % interval 50.20%-69.06%',
    );
  });
});
