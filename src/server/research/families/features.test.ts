import { describe, expect, it } from 'vitest';
import {
  averageTrueRange,
  dailyQuoteVolume,
  decisionClosedAmong,
  decisionHours,
  expandingPercentileRank,
  lagged,
  logReturns,
  sampleAt,
  simpleReturns,
  trailingMax,
  trailingMean,
  trailingMedian,
  trailingMin,
  trailingSd,
} from './features';

const f = (xs: number[]) => Float64Array.from(xs);
const list = (xs: Float64Array) => Array.from(xs);

describe('decisionHours', () => {
  it('is the hour opening at 23:00 UTC of each day on the grid', () => {
    const midnight = Date.UTC(2024, 0, 1);
    expect(Array.from(decisionHours({ start: midnight, hours: 72 }))).toEqual([23, 47, 71]);
    expect(Array.from(decisionHours({ start: midnight, hours: 71 }))).toEqual([23, 47]);
    expect(Array.from(decisionHours({ start: midnight + 23 * 3_600_000, hours: 30 }))).toEqual([0, 24]);
    expect(Array.from(decisionHours({ start: midnight + 5 * 3_600_000, hours: 60 }))).toEqual([18, 42]);
    expect(Array.from(decisionHours({ start: midnight, hours: 23 }))).toEqual([]);
  });
});

describe('decisionClosedAmong', () => {
  const at = (hour: number, minute = 0) => Date.UTC(2024, 0, 2, hour, minute);
  it('is true when the 23:00 candle is among the hours that just closed, a gap of up to a day too', () => {
    // One closed hour: only the refresh that closes the 23:00 candle (just after midnight).
    expect(decisionClosedAmong(at(0, 1), 1)).toBe(true);
    expect(decisionClosedAmong(at(23, 59), 1)).toBe(false);
    expect(decisionClosedAmong(at(1, 0), 1)).toBe(false);
    // A gap filled at 03:00: 00:00, 01:00 and 02:00 closed (false), one more reaches back to 23:00.
    expect(decisionClosedAmong(at(3, 0), 3)).toBe(false);
    expect(decisionClosedAmong(at(3, 0), 4)).toBe(true);
    expect(decisionClosedAmong(at(22, 0), 24)).toBe(true);
  });

  it('is false with nothing closed, and for more than a day of candles (a backfill)', () => {
    expect(decisionClosedAmong(at(0, 1), 0)).toBe(false);
    expect(decisionClosedAmong(at(0, 1), 25)).toBe(false);
    expect(decisionClosedAmong(at(0, 1), 4_320)).toBe(false);
  });
});

describe('daily series', () => {
  it('samples an hourly series at the decision hours', () => {
    expect(list(sampleAt(f([1, 2, 3, NaN, 5]), Int32Array.from([1, 3, 4])))).toEqual([2, NaN, 5]);
  });

  it('sums quote volume over the 24 hours ending at the decision hour, NaN if any is missing', () => {
    const close = new Float64Array(72).fill(2);
    const volume = new Float64Array(72).fill(10);
    volume[30] = NaN;
    const hours = decisionHours({ start: Date.UTC(2024, 0, 1), hours: 72 });
    expect(list(dailyQuoteVolume(close, volume, hours))).toEqual([480, NaN, 480]);
    // A leading partial day is not a day of volume.
    expect(list(dailyQuoteVolume(close, volume, Int32Array.from([10])))).toEqual([NaN]);
  });

  it('computes returns over a lag and a lagged copy, NaN where data is missing', () => {
    const v = f([100, 110, NaN, 121, 133.1]);
    expect(list(simpleReturns(v, 1)).map((x) => (Number.isNaN(x) ? x : Number(x.toFixed(10))))).toEqual([
      NaN,
      0.1,
      NaN,
      NaN,
      0.1,
    ]);
    expect(logReturns(v, 3)[3]).toBeCloseTo(Math.log(1.21), 12);
    expect(list(lagged(v, 2))).toEqual([NaN, NaN, 100, 110, NaN]);
  });
});

describe('trailing statistics', () => {
  const v = f([1, 2, NaN, 4, 8, 16]);

  it('mean over the window, skipping NaN, with a minimum count', () => {
    expect(list(trailingMean(v, { window: 3, minCount: 2 }))).toEqual([NaN, 1.5, 1.5, 3, 6, 28 / 3]);
    expect(list(trailingMean(v, { window: 3 }))).toEqual([NaN, NaN, NaN, NaN, NaN, 28 / 3]);
    // A flat price keeps its exact mean however long the running sum runs.
    const flat = new Float64Array(5000).fill(64123.17);
    expect(new Set(trailingMean(flat, { window: 480 }).slice(479))).toEqual(new Set([64123.17]));
  });

  it('sample standard deviation over the window', () => {
    const sd = trailingSd(v, { window: 3, minCount: 2 });
    expect(sd[1]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(sd[3]).toBeCloseTo(Math.sqrt(2), 12);
    expect(sd[5]).toBeCloseTo(
      Math.sqrt(((4 - 28 / 3) ** 2 + (8 - 28 / 3) ** 2 + (16 - 28 / 3) ** 2) / 2),
      12,
    );
    expect(sd[0]).toBeNaN();
    // A large level (prices) does not cost precision: the sums are kept relative to the first value.
    const prices = f([60000, 60001, 60002, 60003]);
    expect(trailingSd(prices, { window: 3 })[3]).toBeCloseTo(1, 9);
  });

  it('median, max and min over the window', () => {
    expect(list(trailingMedian(v, { window: 3, minCount: 2 }))).toEqual([NaN, 1.5, 1.5, 3, 6, 8]);
    expect(list(trailingMax(v, { window: 2, minCount: 1 }))).toEqual([1, 2, 2, 4, 8, 16]);
    expect(list(trailingMin(v, { window: 2, minCount: 1 }))).toEqual([1, 1, 2, 4, 4, 8]);
  });

  it('ATR: the mean true range of the window, the true range reaching back to the previous close', () => {
    const candles = {
      high: f([11, 12, 15, NaN, 10]),
      low: f([9, 10, 13, NaN, 8]),
      close: f([10, 11, 14, NaN, 9]),
    };
    // True ranges: 2, max(2, 2, 0) = 2, max(2, 4, 2) = 4, NaN (gap), 2 (after the gap: high − low).
    expect(list(averageTrueRange(candles, { window: 2, minCount: 1 }))).toEqual([2, 2, 3, 4, 2]);
  });
});

describe('expandingPercentileRank', () => {
  it('ranks each value against the earlier ones only, ties counting half', () => {
    const ranks = expandingPercentileRank(f([5, 3, NaN, 5, 1, 9, 4]), 2);
    // [5, 3] before 5: one below, one equal → 1.5 / 2; [3, 5, 5] before 1 → 0; before 9 → 1;
    // [1, 3, 5, 5, 9] before 4 → 2 / 5.
    expect(list(ranks)).toEqual([NaN, NaN, NaN, 0.75, 0, 1, 0.4]);
  });

  it('a later value never changes an earlier rank', () => {
    const values = f([4, 8, 1, 7, 3, 9, 2, 6]);
    const full = expandingPercentileRank(values, 3);
    for (let k = 1; k <= values.length; k++) {
      expect(list(expandingPercentileRank(values.slice(0, k), 3))).toEqual(list(full.slice(0, k)));
    }
  });
});
