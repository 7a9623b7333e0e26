import type { CalibrationBucket, SignalQualityResponse } from '../../src/contract/signal-quality';

/*
 * A Signal Quality answer as the API gives it after some weeks of a live market: 301 offers
 * published, 262 of them scored (the groups, the bands and the outcome counts all add up), and a
 * computed walk-forward backtest. For the screen test's exact figures.
 */

function band(i: number, predicted: number, sampleSize: number, succeeded: number): CalibrationBucket {
  return {
    from: i * 10,
    to: i * 10 + 10,
    predictedSuccessRate: predicted,
    sampleSize,
    succeeded,
    failed: Math.round((sampleSize - succeeded) * 0.75),
    neither: sampleSize - succeeded - Math.round((sampleSize - succeeded) * 0.75),
    realisedSuccessRate: (100 * succeeded) / sampleSize,
  };
}

const emptyBand = (i: number): CalibrationBucket => ({
  from: i * 10,
  to: i * 10 + 10,
  predictedSuccessRate: null,
  sampleSize: 0,
  succeeded: 0,
  failed: 0,
  neither: 0,
  realisedSuccessRate: null,
});

const SCORED = 262;
const SUCCEEDED = 134;

export function signalQualityFixture(): SignalQualityResponse {
  const bands = new Map([
    [3, band(3, 37.2, 40, 20)],
    [4, band(4, 44.8, 52, 24)],
    [5, band(5, 56.1, 110, 58)],
    [6, band(6, 63.3, 60, 32)],
  ]);
  return {
    backtest: {
      computedAt: '2026-11-21T06:00:00.000Z',
      engineVersion: '1.3.0',
      pairs: 12,
      signals: 1436,
      deciles: Array.from({ length: 10 }, (_, i) =>
        i >= 3 && i <= 6
          ? { predicted: 35 + (i - 3) * 10, realised: 33 + (i - 3) * 9, count: [310, 502, 421, 203][i - 3]! }
          : { predicted: null, realised: null, count: 0 },
      ),
      mae: 3.42,
      brier: 0.2372,
      brierBaseline: 0.2461,
      warmupDays: 45,
      lookbackDays: 45,
    },
    groups: [
      {
        positionType: 'hedge_long',
        riskLevel: 'high',
        predictedSuccessRate: 45,
        sampleSize: 12,
        succeeded: 3,
        failed: 9,
        neither: 0,
        realisedSuccessRate: 25,
      },
      {
        positionType: 'long',
        riskLevel: 'low',
        predictedSuccessRate: 58.4,
        sampleSize: 120,
        succeeded: 66,
        failed: 40,
        neither: 14,
        realisedSuccessRate: 55,
      },
      {
        positionType: 'quick_long',
        riskLevel: 'medium',
        predictedSuccessRate: 61.2,
        sampleSize: 80,
        succeeded: 36,
        failed: 34,
        neither: 10,
        realisedSuccessRate: 45,
      },
      {
        positionType: 'scalp_short',
        riskLevel: 'medium',
        predictedSuccessRate: 40,
        sampleSize: 50,
        succeeded: 29,
        failed: 15,
        neither: 6,
        realisedSuccessRate: 58,
      },
    ],
    calibration: Array.from({ length: 10 }, (_, i) => bands.get(i) ?? emptyBand(i)),
    brierScore: 0.2431,
    brierBaseline: (SUCCEEDED / SCORED) * (1 - SUCCEEDED / SCORED),
    published: { published: 301, succeeded: SUCCEEDED, failed: 98, neither: 30, unscoreable: 4, pending: 35 },
    engineVersion: '1.3.0',
    generatedAt: '2026-11-21T10:00:00.000Z',
  };
}
