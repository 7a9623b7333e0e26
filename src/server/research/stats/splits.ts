/**
 * Cross-validation splits for labels that span time, purged and embargoed (López de Prado 2018,
 * Advances in Financial Machine Learning, ch. 7). Sample i is the label interval [start_i, end_i]
 * (e.g. a signal's decision hour and its trade's exit hour), closed at both ends: two labels that
 * touch at one instant overlap. Samples are sorted by start; indices refer to that order.
 */

export interface LabelIntervals {
  start: ArrayLike<number>;
  end: ArrayLike<number>;
}

export interface Split {
  train: Int32Array;
  test: Int32Array;
}

function validate(labels: LabelIntervals): number {
  const n = labels.start.length;
  if (labels.end.length !== n) throw new RangeError('start and end differ in length');
  for (let i = 0; i < n; i++) {
    const start = labels.start[i] ?? NaN;
    if (!((labels.end[i] ?? NaN) >= start)) throw new RangeError(`label ${i} ends before it starts`);
    if (i > 0 && !(start >= (labels.start[i - 1] ?? NaN)))
      throw new RangeError('labels are not sorted by start');
  }
  return n;
}

export interface PurgedKFoldOptions {
  folds: number;
  /** Time after a test fold's last label end during which no training label may start. */
  embargo?: number;
}

/**
 * K contiguous test folds (sizes differ by at most one; each sample tested once). Training keeps
 * the samples outside the fold whose interval overlaps no test interval (purging) and that do not
 * start within `embargo` after the fold's last label end (embargo). Because starts are sorted,
 * an earlier sample overlaps the fold iff it ends at or after the fold's first start, and a later
 * one iff it starts at or before the fold's latest end: checking those two bounds is exact.
 */
export function splitPurgedKFold(labels: LabelIntervals, options: PurgedKFoldOptions): Split[] {
  const n = validate(labels);
  const { folds, embargo = 0 } = options;
  if (!Number.isInteger(folds) || folds < 2 || folds > n) {
    throw new RangeError(`folds must be a whole number from 2 to ${n}, got ${folds}`);
  }
  if (!(embargo >= 0)) throw new RangeError(`embargo must be ≥ 0, got ${embargo}`);
  const splits: Split[] = [];
  for (let k = 0; k < folds; k++) {
    const from = Math.floor((k * n) / folds);
    const to = Math.floor(((k + 1) * n) / folds);
    const firstStart = labels.start[from] ?? NaN;
    let lastEnd = -Infinity;
    for (let i = from; i < to; i++) lastEnd = Math.max(lastEnd, labels.end[i] ?? NaN);
    const train: number[] = [];
    for (let i = 0; i < from; i++) if ((labels.end[i] ?? NaN) < firstStart) train.push(i);
    for (let i = to; i < n; i++) if ((labels.start[i] ?? NaN) > lastEnd + embargo) train.push(i);
    splits.push({
      train: Int32Array.from(train),
      test: Int32Array.from({ length: to - from }, (_, i) => from + i),
    });
  }
  return splits;
}

export type WalkForwardWindow =
  | { kind: 'expanding' }
  /** Training labels start no earlier than `length` before the test window. */
  | { kind: 'rolling'; length: number };

export interface WalkForwardOptions {
  /** Start of the first test window. */
  firstTestStart: number;
  /** Length of each test window; windows follow one another without gaps. */
  testLength: number;
  window: WalkForwardWindow;
}

export interface WalkForwardSplit extends Split {
  /** The test window [testStart, testEnd): test samples start inside it. */
  testStart: number;
  testEnd: number;
}

/**
 * Walk-forward splits: train on what was known when the test window opened, test on the window.
 * A training label must have ended before the window starts (strictly), which purges every label
 * still open at that time, as a live deployment would have to. Windows with no test sample or no
 * training sample are skipped.
 */
export function splitWalkForward(labels: LabelIntervals, options: WalkForwardOptions): WalkForwardSplit[] {
  const n = validate(labels);
  const { firstTestStart, testLength, window } = options;
  if (!(testLength > 0)) throw new RangeError(`testLength must be positive, got ${testLength}`);
  if (window.kind === 'rolling' && !(window.length > 0)) {
    throw new RangeError(`a rolling window needs a positive length, got ${window.length}`);
  }
  const splits: WalkForwardSplit[] = [];
  const lastStart = labels.start[n - 1] ?? -Infinity;
  for (let k = 0; firstTestStart + k * testLength <= lastStart; k++) {
    const testStart = firstTestStart + k * testLength;
    const testEnd = testStart + testLength;
    const trainFrom = window.kind === 'rolling' ? testStart - window.length : -Infinity;
    const train: number[] = [];
    const test: number[] = [];
    for (let i = 0; i < n; i++) {
      const start = labels.start[i] ?? NaN;
      if (start >= testStart && start < testEnd) test.push(i);
      else if (start >= trainFrom && (labels.end[i] ?? NaN) < testStart) train.push(i);
    }
    if (train.length > 0 && test.length > 0) {
      splits.push({ train: Int32Array.from(train), test: Int32Array.from(test), testStart, testEnd });
    }
  }
  return splits;
}
