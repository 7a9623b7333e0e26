import { describe, expect, it } from 'vitest';
import { bollinger, median, rsiSeries } from './market-indicators';
import { detectBreakout, detectRsiCross, detectVolumeSpike } from './market-rules';
import { candlesFrom, flat } from './testdata/candles';

describe('indicators', () => {
  it('RSI(14) matches Wilder’s worked example', () => {
    // StockCharts' RSI table (Wilder smoothing). Their sheet rounds the running averages to 2
    // decimals and shows 70.53, 66.32, ...; unrounded (as TA-Lib computes) the values are these.
    const closes = [
      44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28,
      46.0, 46.03, 46.41, 46.22, 45.64,
    ];
    const rsi = rsiSeries(closes).map((v) => Number(v.toFixed(2)));
    expect(rsi).toEqual([70.46, 66.25, 66.48, 69.35, 66.29, 57.92]);
    expect(rsiSeries(closes.slice(0, 14))).toEqual([]);
  });

  it('median and Bollinger bands', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(Number.isNaN(median([]))).toBe(true);
    const bands = bollinger([1, 2, 3, 4, 5], 5, 2)!;
    expect(bands.middle).toBe(3);
    expect(bands.upper).toBeCloseTo(3 + 2 * Math.sqrt(2), 10);
    expect(bollinger([1, 2], 5)).toBeNull();
  });
});

describe('breakout', () => {
  it('fires when the close clears the 24 h high with a move above the threshold', () => {
    const signal = detectBreakout(candlesFrom([...flat(30), 104]), 2);
    expect(signal?.details).toMatchObject({ direction: 'up', high24h: 101.25 });
    expect(signal?.reason).toMatch(
      /^Breakout: close 104 above its 24 h high 101.25 \(\+3\.\d\d % in 24 h\)$/,
    );
  });

  it('fires on a breakdown below the 24 h low', () => {
    const signal = detectBreakout(candlesFrom([...flat(30), 95]), 2);
    expect(signal?.details).toMatchObject({ direction: 'down' });
    expect(signal?.reason).toMatch(/^Breakdown: close 95 below its 24 h low/);
  });

  it('counts a close beyond the Bollinger band when the 24 h range is wide', () => {
    // An old spike (20 h ago) widens the 24 h range; the close only clears the upper band.
    const closes = [...flat(10), 100, 100, 100, 100, 112, ...flat(19), 103.5];
    const signal = detectBreakout(candlesFrom(closes, { wick: 0.1 }), 2);
    expect(signal?.reason).toMatch(/above its upper Bollinger band/);
  });

  it('does not fire below the move threshold, inside the range, or on too little data', () => {
    expect(detectBreakout(candlesFrom([...flat(30), 101.6]), 2)).toBeNull();
    expect(detectBreakout(candlesFrom([...flat(30), 104]), 5)).toBeNull();
    expect(detectBreakout(candlesFrom(flat(31)), 0)).toBeNull();
    expect(detectBreakout(candlesFrom([...flat(20), 104]), 2)).toBeNull();
  });
});

describe('volume spike', () => {
  const volumes = (last: number) => [...Array.from({ length: 200 }, (_, i) => 8 + (i % 5)), last];

  it('fires at multiplier × the 7-day median hourly volume', () => {
    const signal = detectVolumeSpike(candlesFrom(flat(201), { volumes: volumes(31) }), 3);
    expect(signal?.details).toMatchObject({ medianVolume: 10, ratio: 3.1, multiplier: 3 });
    expect(signal?.reason).toBe('Volume spike: last hour 3.1× the 7-day median hourly volume (threshold 3×)');
  });

  it('does not fire below it or without a baseline', () => {
    expect(detectVolumeSpike(candlesFrom(flat(201), { volumes: volumes(29) }), 3)).toBeNull();
    expect(detectVolumeSpike(candlesFrom(flat(201), { volumes: volumes(31) }), 4)).toBeNull();
    expect(detectVolumeSpike(candlesFrom(flat(10), { volumes: volumes(99).slice(-10) }), 3)).toBeNull();
  });
});

describe('RSI threshold cross', () => {
  it('fires when RSI enters overbought or oversold, not while it stays there', () => {
    const up = detectRsiCross(candlesFrom([...flat(20), 110]), 70);
    expect(up?.details).toMatchObject({ zone: 'overbought' });
    expect(up?.reason).toMatch(/^RSI\(14\) rose through 70 \(\d+\.?\d* → \d+\.?\d*\): overbought$/);
    expect(detectRsiCross(candlesFrom([...flat(20), 110, 111]), 70)).toBeNull();

    const down = detectRsiCross(candlesFrom([...flat(20), 90]), 70);
    expect(down?.details).toMatchObject({ zone: 'oversold' });
    expect(down?.reason).toMatch(/fell through 30/);
  });

  it('respects the threshold and needs 16 candles', () => {
    expect(detectRsiCross(candlesFrom([...flat(20), 110]), 85)).toBeNull();
    expect(detectRsiCross(candlesFrom([...flat(14), 110]), 70)).toBeNull();
    expect(detectRsiCross(candlesFrom(flat(40)), 70)).toBeNull();
  });
});
