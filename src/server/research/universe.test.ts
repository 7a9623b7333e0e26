import { describe, expect, it } from 'vitest';
import type { Candle } from '../shared/candles';
import { HOUR_MS, MINUTE_MS } from '../shared/time';
import { buildUniverse, pickOnePerBase, symbolFromFile, universeSlice } from './universe';

const T0 = Date.UTC(2025, 0, 1);
const hourly = (hour: number, price: number): Candle => ({
  time: T0 + hour * HOUR_MS,
  open: price,
  high: price + 1,
  low: price - 1,
  close: price + 0.5,
  volume: 10,
});
const values = (a: Float64Array) => Array.from(a, (v) => (Number.isNaN(v) ? null : v));

describe('buildUniverse', () => {
  it('puts every pair on one hour grid from the earliest to the latest candle, NaN before listing and in gaps', () => {
    const universe = buildUniverse([
      { symbol: 'BTC/USDT', candles: [hourly(0, 100), hourly(1, 101), hourly(3, 103), hourly(4, 104)] },
      { symbol: 'SOL/USDT', candles: [hourly(2, 20), hourly(3, 21)] },
    ]);
    expect(universe.start).toBe(T0);
    expect(universe.hours).toBe(5);
    const [btc, sol] = universe.pairs;
    expect(btc!.symbol).toBe('BTC/USDT');
    expect(values(btc!.open)).toEqual([100, 101, null, 103, 104]);
    expect(values(btc!.close)).toEqual([100.5, 101.5, null, 103.5, 104.5]);
    expect(values(sol!.open)).toEqual([null, null, 20, 21, null]);
    expect(values(sol!.high)).toEqual([null, null, 21, 22, null]);
    expect(values(sol!.low)).toEqual([null, null, 19, 20, null]);
    expect(values(sol!.volume)).toEqual([null, null, 10, 10, null]);
  });

  it('resamples 15-minute candles to hours, keeping an hour without any as a gap', () => {
    const q = (minutes: number, o: number, h: number, l: number, c: number): Candle => ({
      time: T0 + minutes * MINUTE_MS,
      open: o,
      high: h,
      low: l,
      close: c,
      volume: 1,
    });
    const fifteen = [q(0, 10, 12, 9, 11), q(15, 11, 13, 10, 12), q(30, 12, 12, 8, 9), q(45, 9, 10, 9, 10)];
    fifteen.push(q(120, 5, 6, 4, 5), q(135, 5, 7, 5, 6));
    const universe = buildUniverse([{ symbol: 'ETH/USDT', candles: fifteen }]);
    const eth = universe.pairs[0]!;
    expect(universe.hours).toBe(3);
    expect(values(eth.open)).toEqual([10, null, 5]);
    expect(values(eth.high)).toEqual([13, null, 7]);
    expect(values(eth.low)).toEqual([8, null, 4]);
    expect(values(eth.close)).toEqual([10, null, 6]);
    expect(values(eth.volume)).toEqual([4, null, 2]);
  });

  it('refuses candles it cannot place honestly on the grid', () => {
    const fourHourly = [0, 4, 8].map((h) => hourly(h, 100));
    expect(() => buildUniverse([{ symbol: 'A/B', candles: fourHourly }])).toThrow(/coarser than hourly/);
    const offHour = [{ ...hourly(0, 100), time: T0 + 30 * MINUTE_MS }];
    expect(() => buildUniverse([{ symbol: 'A/B', candles: offHour }])).toThrow(/not on the hour/);
    const unsorted = [hourly(1, 100), hourly(0, 100), hourly(2, 100)];
    expect(() => buildUniverse([{ symbol: 'A/B', candles: unsorted }])).toThrow(/ascending/);
    const twice = [
      { symbol: 'A/B', candles: [hourly(0, 1)] },
      { symbol: 'A/B', candles: [hourly(1, 1)] },
    ];
    expect(() => buildUniverse(twice)).toThrow(/twice/);
    expect(() => buildUniverse([{ symbol: 'A/B', candles: [] }])).toThrow(/no candles/);
  });
});

describe('universeSlice', () => {
  const universe = buildUniverse([
    { symbol: 'BTC/USDT', candles: [0, 1, 2, 3].map((h) => hourly(h, 100 + h)) },
  ]);

  it('keeps the first hours, as a copy the caller may not use to reach the original', () => {
    const slice = universeSlice(universe, 2);
    expect(slice.start).toBe(universe.start);
    expect(slice.hours).toBe(2);
    expect(values(slice.pairs[0]!.open)).toEqual([100, 101]);
    slice.pairs[0]!.open[0] = 0;
    expect(universe.pairs[0]!.open[0]).toBe(100);
  });

  it('clamps past the end and rejects a negative or fractional length', () => {
    expect(universeSlice(universe, 10).hours).toBe(4);
    expect(universeSlice(universe, 0).pairs[0]!.open).toHaveLength(0);
    expect(() => universeSlice(universe, -1)).toThrow(RangeError);
    expect(() => universeSlice(universe, 1.5)).toThrow(RangeError);
  });
});

describe('symbolFromFile', () => {
  it('reads the fixture names, with or without folders', () => {
    expect(symbolFromFile('BTC-USDT-1h.csv')).toBe('BTC/USDT');
    expect(symbolFromFile('/work/shared/fixtures/candles/history/ETH-USD-1h.csv')).toBe('ETH/USD');
    expect(symbolFromFile('fixtures\\BTC-USDT-15m.csv')).toBe('BTC/USDT');
  });

  it('refuses names of another shape', () => {
    expect(() => symbolFromFile('BTCUSDT.csv')).toThrow(/BASE/);
    expect(() => symbolFromFile('BTC-USDT-1h.json')).toThrow(/BASE/);
  });
});

describe('one series per base asset', () => {
  const candles = (from: number, count: number, stepHours = 1) =>
    Array.from({ length: count }, (_, k) => ({
      time: from + k * stepHours * 3_600_000,
      open: 1,
      high: 1,
      low: 1,
      close: 1,
      volume: 1,
    }));

  it('keeps the listing that covers the longest span, whatever its timeframe', () => {
    const kraken = { symbol: 'BTC/USD', candles: candles(0, 100) };
    const binance = { symbol: 'BTC/USDT', candles: candles(0, 50, 3) };
    const fine = { symbol: 'BTC/USDT', candles: candles(0, 300, 0.25) };
    const eth = { symbol: 'ETH/USDT', candles: candles(0, 10) };
    expect(pickOnePerBase([kraken, binance, fine, eth])).toEqual([binance, eth]);
    expect(pickOnePerBase([kraken, fine])).toEqual([kraken]);
  });
});
