import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitPurgedKFold, splitWalkForward, type LabelIntervals } from './splits';

/** Nine labels starting every 2 hours, each 3 hours long: [0, 3], [2, 5], …, [16, 19]. */
const NINE: LabelIntervals = {
  start: Array.from({ length: 9 }, (_, i) => 2 * i),
  end: Array.from({ length: 9 }, (_, i) => 2 * i + 3),
};

const labelsArbitrary = fc
  .array(fc.record({ gap: fc.nat({ max: 5 }), length: fc.nat({ max: 12 }) }), { minLength: 2, maxLength: 60 })
  .map((steps) => {
    const start: number[] = [];
    const end: number[] = [];
    let at = 0;
    for (const step of steps) {
      at += step.gap;
      start.push(at);
      end.push(at + step.length);
    }
    return { start, end };
  });

function at(values: ArrayLike<number>, i: number): number {
  return values[i] ?? NaN;
}

describe('splitPurgedKFold', () => {
  it('purges and embargoes a hand case', () => {
    const splits = splitPurgedKFold(NINE, { folds: 3, embargo: 2 });
    expect(splits.map((s) => Array.from(s.test))).toEqual([
      [0, 1, 2],
      [3, 4, 5],
      [6, 7, 8],
    ]);
    // Fold 1 ends at 7: [6, 9] overlaps it, [8, 11] starts inside the embargo (7, 9].
    // Fold 2 spans 6…13: [4, 7] overlaps its start, [14, 17] starts inside the embargo (13, 15].
    // Fold 3 starts at 12: [10, 13] overlaps it; nothing comes after.
    expect(splits.map((s) => Array.from(s.train))).toEqual([
      [5, 6, 7, 8],
      [0, 1, 8],
      [0, 1, 2, 3, 4],
    ]);
  });

  it('counts labels that touch at one instant as overlapping', () => {
    const splits = splitPurgedKFold({ start: [0, 3, 6], end: [3, 6, 9] }, { folds: 3 });
    expect(splits.map((s) => Array.from(s.train))).toEqual([[2], [], [0]]);
  });

  it('tests every sample exactly once, never trains on a test neighbour, and purges no more than needed', () => {
    fc.assert(
      fc.property(
        labelsArbitrary,
        fc.integer({ min: 2, max: 6 }),
        fc.nat({ max: 8 }),
        (labels, k, embargo) => {
          const n = labels.start.length;
          const folds = Math.min(k, n);
          const splits = splitPurgedKFold(labels, { folds, embargo });
          const tested = splits.flatMap((s) => Array.from(s.test)).sort((a, b) => a - b);
          expect(tested).toEqual(Array.from({ length: n }, (_, i) => i));
          for (const { train, test } of splits) {
            const inTest = new Set(test);
            // A training label conflicts with test label i if it overlaps [start_i, end_i + embargo].
            const conflicts = (j: number) =>
              Array.from(test).some(
                (i) =>
                  at(labels.start, j) <= at(labels.end, i) + embargo &&
                  at(labels.start, i) <= at(labels.end, j),
              );
            const expected = Array.from({ length: n }, (_, j) => j).filter(
              (j) => !inTest.has(j) && !conflicts(j),
            );
            expect(Array.from(train)).toEqual(expected);
            for (const j of train) {
              for (const i of test) {
                const overlaps =
                  at(labels.start, j) <= at(labels.end, i) && at(labels.start, i) <= at(labels.end, j);
                expect(overlaps).toBe(false);
                if (j > i) expect(at(labels.start, j)).toBeGreaterThan(at(labels.end, i) + embargo);
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rejects unsorted labels, inverted intervals and impossible fold counts', () => {
    expect(() => splitPurgedKFold({ start: [2, 1], end: [3, 3] }, { folds: 2 })).toThrow(RangeError);
    expect(() => splitPurgedKFold({ start: [1, 2], end: [0, 3] }, { folds: 2 })).toThrow(RangeError);
    expect(() => splitPurgedKFold(NINE, { folds: 10 })).toThrow(RangeError);
    expect(() => splitPurgedKFold(NINE, { folds: 3, embargo: -1 })).toThrow(RangeError);
  });
});

describe('splitWalkForward', () => {
  it('trains only on labels that ended before the window: a hand case, expanding and rolling', () => {
    const base = { firstTestStart: 8, testLength: 4 };
    const expanding = splitWalkForward(NINE, { ...base, window: { kind: 'expanding' } });
    expect(expanding.map((s) => [s.testStart, s.testEnd])).toEqual([
      [8, 12],
      [12, 16],
      [16, 20],
    ]);
    expect(expanding.map((s) => Array.from(s.test))).toEqual([[4, 5], [6, 7], [8]]);
    // [6, 9] is still open at 8 and [10, 13] at 12: both are purged.
    expect(expanding.map((s) => Array.from(s.train))).toEqual([
      [0, 1, 2],
      [0, 1, 2, 3, 4],
      [0, 1, 2, 3, 4, 5, 6],
    ]);
    const rolling = splitWalkForward(NINE, { ...base, window: { kind: 'rolling', length: 8 } });
    expect(rolling.map((s) => Array.from(s.train))).toEqual([
      [0, 1, 2],
      [2, 3, 4],
      [4, 5, 6],
    ]);
  });

  it('never lets a training label reach into its test window, and tests each sample at most once', () => {
    fc.assert(
      fc.property(
        labelsArbitrary,
        fc.nat({ max: 20 }),
        fc.integer({ min: 1, max: 15 }),
        fc.option(fc.integer({ min: 1, max: 40 }), { nil: undefined }),
        (labels, firstTestStart, testLength, rollingLength) => {
          const window =
            rollingLength === undefined
              ? ({ kind: 'expanding' } as const)
              : ({ kind: 'rolling', length: rollingLength } as const);
          const splits = splitWalkForward(labels, { firstTestStart, testLength, window });
          const tested = splits.flatMap((s) => Array.from(s.test));
          expect(new Set(tested).size).toBe(tested.length);
          for (const { train, test, testStart, testEnd } of splits) {
            for (const i of test) {
              expect(at(labels.start, i)).toBeGreaterThanOrEqual(testStart);
              expect(at(labels.start, i)).toBeLessThan(testEnd);
            }
            const trainFrom = rollingLength === undefined ? -Infinity : testStart - rollingLength;
            const expected = labels.start
              .map((_, j) => j)
              .filter((j) => at(labels.start, j) >= trainFrom && at(labels.end, j) < testStart);
            expect(Array.from(train)).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
