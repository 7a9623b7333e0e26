import { describe, expect, it } from 'vitest';
import type { Candle } from '../../shared/candles';
import { createCandleCache, type CandleStore } from './candle-cache';

const HOUR = 3_600_000;
const candle = (hour: number): Candle => ({
  time: hour * HOUR,
  open: hour,
  high: hour,
  low: hour,
  close: hour,
  volume: 1,
});

/** The stored candles of one pair and interval, with a log of the reads the cache made. */
function fakeStore(hours: number[]) {
  let rows = hours.map(candle);
  const reads: string[] = [];
  const store: CandleStore = {
    async candles(_pairId, _interval, since, until) {
      reads.push(`rows from ${since}`);
      return rows.filter((c) => c.time >= since && (until === undefined || c.time < until));
    },
    async candleCount(_pairId, _interval, since) {
      reads.push('count');
      return rows.filter((c) => c.time >= since).length;
    },
  };
  return {
    store,
    reads,
    add: (...more: number[]) => (rows = [...rows, ...more.map(candle)].sort((a, b) => a.time - b.time)),
    prune: (before: number) => (rows = rows.filter((c) => c.time >= before * HOUR)),
  };
}

const hoursOf = (candles: Candle[]) => candles.map((c) => c.time / HOUR);

describe('the candle cache', () => {
  it('reads a window once, then only the candles after the last one it holds', async () => {
    const db = fakeStore([1, 2, 3, 4]);
    const cache = createCandleCache(db.store);
    expect(hoursOf(await cache.read(1, '1h', 0))).toEqual([1, 2, 3, 4]);
    db.add(5, 6);
    db.reads.length = 0;
    expect(hoursOf(await cache.read(1, '1h', 0))).toEqual([1, 2, 3, 4, 5, 6]);
    // From just after the last held candle (4 h), plus a count of the held window.
    expect(db.reads).toEqual([`rows from ${4 * HOUR + 1}`, 'count']);
    // A narrower window is a slice of what is held.
    expect(hoursOf(await cache.read(1, '1h', 3 * HOUR))).toEqual([3, 4, 5, 6]);
  });

  it('reads afresh when a candle appeared inside the held window, or some were pruned', async () => {
    const db = fakeStore([1, 2, 4]);
    const cache = createCandleCache(db.store);
    await cache.read(1, '1h', 0);
    db.add(3); // another process filled the gap
    expect(hoursOf(await cache.read(1, '1h', 0))).toEqual([1, 2, 3, 4]);
    db.prune(3);
    expect(hoursOf(await cache.read(1, '1h', 0))).toEqual([3, 4]);
  });

  it('reads a wider window afresh, and a bounded range always from the store', async () => {
    const db = fakeStore([1, 2, 3, 4]);
    const cache = createCandleCache(db.store);
    await cache.read(1, '1h', 3 * HOUR);
    expect(hoursOf(await cache.read(1, '1h', 0))).toEqual([1, 2, 3, 4]);
    db.reads.length = 0;
    expect(hoursOf(await cache.read(1, '1h', 2 * HOUR, 4 * HOUR))).toEqual([2, 3]);
    expect(db.reads).toEqual([`rows from ${2 * HOUR}`]);
  });

  it('hands out copies: a caller changing its array changes nothing held', async () => {
    const db = fakeStore([1, 2]);
    const cache = createCandleCache(db.store);
    (await cache.read(1, '1h', 0)).pop();
    expect(hoursOf(await cache.read(1, '1h', 0))).toEqual([1, 2]);
  });
});
