import { wilsonInterval, type Interval } from './wilson';

/**
 * Below this many scored offers a row is not judged: even a perfectly calibrated rate then has a
 * 95 % interval some 40 points wide, so any verdict would be noise.
 */
export const MIN_SAMPLE_TO_JUDGE = 20;

export type Verdict = 'too few offers to judge' | 'holds' | 'overstates' | 'understates';

export interface Judged {
  interval: Interval | null;
  verdict: Verdict;
}

/**
 * How a predicted success rate fares against what happened: it holds while it lies inside the 95 %
 * interval of the realised rate, overstates above it, understates below it.
 */
export function judgeCalibration(row: {
  predictedSuccessRate: number | null;
  succeeded: number;
  sampleSize: number;
}): Judged {
  const interval = wilsonInterval(row.succeeded, row.sampleSize);
  const predicted = row.predictedSuccessRate;
  if (!interval || predicted === null || row.sampleSize < MIN_SAMPLE_TO_JUDGE)
    return { interval, verdict: 'too few offers to judge' };
  if (predicted > interval.high) return { interval, verdict: 'overstates' };
  if (predicted < interval.low) return { interval, verdict: 'understates' };
  return { interval, verdict: 'holds' };
}
