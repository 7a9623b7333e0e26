import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/random';
import {
  computeTradeCosts,
  createConstantSlippage,
  estimateSpreads,
  findFeeSchedule,
  KRAKEN_CURRENT,
  KRAKEN_LEGACY,
  createSpreadSlippage,
} from './costs';
import { buildBidAskBounceCandles } from './testing/bid-ask-bounce';
import { buildTestUniverse, type CandleRow } from './testing/synthetic-universe';
import type { Candle } from '../shared/candles';

const toSeries = (candles: readonly Candle[]) => ({
  high: Float64Array.from(candles, (c) => c.high),
  low: Float64Array.from(candles, (c) => c.low),
  close: Float64Array.from(candles, (c) => c.close),
});
const last = (a: Float64Array) => a[a.length - 1]!;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('fee schedules', () => {
  it("holds Kraken's current and former entry tiers and finds them by name", () => {
    expect(KRAKEN_CURRENT).toMatchObject({ makerPercent: 0.25, takerPercent: 0.4 });
    expect(KRAKEN_LEGACY).toMatchObject({ makerPercent: 0.16, takerPercent: 0.26 });
    expect(findFeeSchedule('kraken-current')).toBe(KRAKEN_CURRENT);
    expect(findFeeSchedule('kraken-legacy')).toBe(KRAKEN_LEGACY);
    expect(() => findFeeSchedule('free')).toThrow(/kraken-current, kraken-legacy/);
  });
});

describe('computeTradeCosts', () => {
  it('charges a taker round trip its fees and half-spreads, the exit leg on the exit notional', () => {
    const flat = {
      fees: KRAKEN_CURRENT,
      makerEntry: false,
      halfSpread: 0.0005,
      entryPrice: 100,
      exitPrice: 100,
    };
    expect(computeTradeCosts(flat)).toBeCloseTo(2 * (0.004 + 0.0005), 15);
    expect(computeTradeCosts({ ...flat, exitPrice: 110 })).toBeCloseTo(0.0045 + 0.0045 * 1.1, 15);
  });

  it('charges a maker entry its maker fee and no spread', () => {
    const maker = {
      fees: KRAKEN_LEGACY,
      makerEntry: true,
      halfSpread: 0.001,
      entryPrice: 200,
      exitPrice: 190,
    };
    expect(computeTradeCosts(maker)).toBeCloseTo(0.0016 + (0.0026 + 0.001) * 0.95, 15);
  });
});

describe('estimateSpreads (Abdi & Ranaldo 2017)', () => {
  it('recovers a planted spread exactly when the efficient price stands still', () => {
    // Mid 100, every hour spans bid…ask and closes at one of them: each product is exactly s²/4.
    const s = 0.003;
    const rand = seededRandom(7);
    const candles = Array.from({ length: 300 }, (_, h): Candle => {
      const [ask, bid] = [100 * Math.exp(s / 2), 100 * Math.exp(-s / 2)];
      const close = rand() < 0.5 ? ask : bid;
      return { time: h, open: close, high: ask, low: bid, close, volume: 1 };
    });
    const spreads = estimateSpreads(toSeries(candles), { minObservations: 10 });
    expect(spreads[9]).toBe(0.02); // 9 products: too few, so the cap
    for (let h = 10; h < 300; h++) expect(spreads[h]).toBeCloseTo(s, 12);
  });

  it('forgets a product as soon as its first hour leaves the trailing window', () => {
    // Mid 100 throughout; the spread is 1 % for hours 0…29 and 0.2 % from hour 30. Every product is
    // (half the spread at t)², so the window [30, 49] of hour 49 holds only 0.2 % products.
    const rand = seededRandom(3);
    const candles = Array.from({ length: 60 }, (_, h): Candle => {
      const s = h < 30 ? 0.01 : 0.002;
      const [ask, bid] = [100 * Math.exp(s / 2), 100 * Math.exp(-s / 2)];
      const close = rand() < 0.5 ? ask : bid;
      return { time: h, open: close, high: ask, low: bid, close, volume: 1 };
    });
    const spreads = estimateSpreads(toSeries(candles), { windowHours: 20, minObservations: 5 });
    expect(spreads[48]).toBeGreaterThan(0.0021);
    expect(spreads[49]).toBeCloseTo(0.002, 12);
  });

  it('matches a hand computation of the pooled estimator', () => {
    const series = { high: [102, 104, 103], low: [98, 100, 99], close: [101, 100, 102] };
    const lg = Math.log;
    const eta = (t: number) => (lg(series.high[t]!) + lg(series.low[t]!)) / 2;
    const p0 = (lg(101) - eta(0)) * (lg(101) - eta(1));
    const p1 = (lg(100) - eta(1)) * (lg(100) - eta(2));
    const expected = Math.sqrt(Math.max(0, (4 * (p0 + p1)) / 2));
    const out = estimateSpreads(
      {
        high: Float64Array.from(series.high),
        low: Float64Array.from(series.low),
        close: Float64Array.from(series.close),
      },
      { windowHours: 3, minObservations: 2, floor: 1e-9, cap: 1 },
    );
    expect(out[2]).toBeCloseTo(expected, 15);
    expect(expected).toBeGreaterThan(0);
  });

  it('finds a 0.4 % spread within 10 % in a bid-ask bounce around a random walk', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const candles = buildBidAskBounceCandles({ seed, hours: 800, spread: 0.004, volatility: 0.004 });
      expect(Math.abs(last(estimateSpreads(toSeries(candles))) / 0.004 - 1)).toBeLessThan(0.1);
    }
  });

  it('falls to the floor on zero-spread data more often than not, and stays far below a real spread', () => {
    const estimates = Array.from({ length: 20 }, (_, k) => {
      const candles = buildBidAskBounceCandles({ seed: 100 + k, hours: 800, spread: 0, volatility: 0.004 });
      return last(estimateSpreads(toSeries(candles)));
    });
    expect(median(estimates)).toBe(0.0001);
    expect(Math.max(...estimates)).toBeLessThan(0.002);
  });

  it('uses no candle after the decision hour', () => {
    const candles = buildBidAskBounceCandles({ seed: 3, hours: 900, spread: 0.002, volatility: 0.004 });
    const full = estimateSpreads(toSeries(candles));
    const changed = candles.map((c, h) => (h > 500 ? { ...c, high: c.high * 1.05, close: c.low } : c));
    const altered = estimateSpreads(toSeries(changed));
    expect(Array.from(altered.subarray(0, 501))).toEqual(Array.from(full.subarray(0, 501)));
    expect(altered[501]).not.toBe(full[501]);
  });

  it('skips gaps, and takes the cap while there are too few products', () => {
    const candles = buildBidAskBounceCandles({ seed: 5, hours: 400, spread: 0.004, volatility: 0.002 });
    const series = toSeries(candles);
    // Each missing hour voids the products on both sides of it.
    for (let h = 0; h < 400; h += 3) series.high[h] = series.low[h] = series.close[h] = NaN;
    const out = estimateSpreads(series, { minObservations: 100 });
    // Products of (t, t+1) with both candles present: only t ≡ 1 (mod 3); the 100th completes at hour 299.
    expect(out[298]).toBe(0.02);
    expect(out[299]).toBeLessThan(0.02);
    expect(out[399]).toBeGreaterThan(0.003);
  });

  it('clamps to the floor and the cap', () => {
    const flat = { high: new Float64Array(200).fill(100), low: new Float64Array(200).fill(100) };
    const noSpread = estimateSpreads(
      { ...flat, close: new Float64Array(200).fill(100) },
      { minObservations: 50 },
    );
    expect(noSpread[199]).toBe(0.0001);
    const rows: CandleRow[] = Array.from({ length: 200 }, (_, h) =>
      h % 2 ? [150, 150, 50, 150] : [50, 150, 50, 50],
    );
    const wild = buildTestUniverse({ 'X/Y': rows }).pairs[0]!;
    expect(estimateSpreads(wild, { minObservations: 50, cap: 0.05 })[199]).toBe(0.05);
  });

  it('rejects inconsistent options', () => {
    const series = { high: new Float64Array(1), low: new Float64Array(1), close: new Float64Array(1) };
    expect(() => estimateSpreads(series, { minObservations: 0 })).toThrow(RangeError);
    expect(() => estimateSpreads(series, { windowHours: 100, minObservations: 100 })).toThrow(RangeError);
    expect(() => estimateSpreads(series, { floor: 0.1, cap: 0.01 })).toThrow(RangeError);
  });
});

describe('slippage models', () => {
  it('charges half the estimated spread at the decision hour', () => {
    const candles = buildBidAskBounceCandles({ seed: 9, hours: 300, spread: 0.004, volatility: 0.003 });
    const rows = candles.map((c): CandleRow => [c.open, c.high, c.low, c.close]);
    const universe = buildTestUniverse({ 'A/B': rows, 'C/D': rows.map(() => null) });
    const slippage = createSpreadSlippage(universe, { minObservations: 100 });
    const spreads = estimateSpreads(universe.pairs[0]!, { minObservations: 100 });
    expect(slippage(0, 50)).toBe(0.01);
    expect(slippage(0, 250)).toBe(spreads[250]! / 2);
    expect(slippage(1, 250)).toBe(0.01); // a pair with no history is assumed expensive
    expect(() => slippage(2, 0)).toThrow(RangeError);
    expect(() => slippage(0, 300)).toThrow(RangeError);
  });

  it('offers a constant model for controlled experiments', () => {
    expect(createConstantSlippage(0.0003)(5, 17)).toBe(0.0003);
    expect(() => createConstantSlippage(-0.001)).toThrow(RangeError);
  });
});
