import { describe, expect, it } from 'vitest';
import { MIN_SAMPLE_TO_JUDGE, judgeCalibration } from './verdict';

describe('judgeCalibration', () => {
  it('holds while the prediction lies inside the 95 % interval of the realised rate', () => {
    // 60 of 100 succeeded: 50.20 %-69.06 %.
    expect(judgeCalibration({ predictedSuccessRate: 65, succeeded: 60, sampleSize: 100 }).verdict).toBe(
      'holds',
    );
    expect(judgeCalibration({ predictedSuccessRate: 51, succeeded: 60, sampleSize: 100 }).verdict).toBe(
      'holds',
    );
  });

  it('overstates above the interval and understates below it', () => {
    expect(judgeCalibration({ predictedSuccessRate: 70, succeeded: 60, sampleSize: 100 }).verdict).toBe(
      'overstates',
    );
    expect(judgeCalibration({ predictedSuccessRate: 50, succeeded: 60, sampleSize: 100 }).verdict).toBe(
      'understates',
    );
  });

  it('does not judge a row under the sample threshold, however far off it looks', () => {
    const few = judgeCalibration({
      predictedSuccessRate: 95,
      succeeded: 0,
      sampleSize: MIN_SAMPLE_TO_JUDGE - 1,
    });
    expect(few.verdict).toBe('too few offers to judge');
    expect(few.interval?.high).toBeCloseTo(16.82, 1);
    expect(
      judgeCalibration({ predictedSuccessRate: 95, succeeded: 0, sampleSize: MIN_SAMPLE_TO_JUDGE }).verdict,
    ).toBe('overstates');
  });

  it('has neither interval nor verdict without scored offers', () => {
    expect(judgeCalibration({ predictedSuccessRate: null, succeeded: 0, sampleSize: 0 })).toEqual({
      interval: null,
      verdict: 'too few offers to judge',
    });
  });
});
