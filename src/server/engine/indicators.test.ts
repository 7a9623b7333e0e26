import { describe, expect, it } from 'vitest';
import { atr, bollinger, ema, macd, rsi, trueRange } from './indicators';

describe('indicators on hand-computed values', () => {
  it('EMA is seeded with the SMA of its first period, then smooths with 2/(p+1)', () => {
    const e = ema([1, 2, 3, 4, 5], 3);
    expect(Number.isNaN(e[0]) && Number.isNaN(e[1])).toBe(true);
    expect([...e.slice(2)]).toEqual([2, 3, 4]); // seed (1+2+3)/3, then alpha 0.5
  });

  it("RSI uses Wilder's smoothing", () => {
    // diffs +1, −0.5, +1, −0.5; period 2 → seed avgGain 0.5, avgLoss 0.25 → RS 2 → 66.67
    const r = rsi([1, 2, 1.5, 2.5, 2], 2);
    expect(r[2]).toBeCloseTo(100 - 100 / 3, 10);
    expect(r[3]).toBeCloseTo(100 - 100 / 7, 10); // gain 0.75, loss 0.125 → RS 6
    expect(r[4]).toBeCloseTo(100 - 100 / 2.2, 10); // gain 0.375, loss 0.3125 → RS 1.2
  });

  it('RSI is 100 on a pure rise, 0 on a pure fall, 50 when flat', () => {
    const up = Array.from({ length: 30 }, (_, k) => 100 + k);
    expect(rsi(up)[29]).toBe(100);
    expect(rsi(up.map((x) => 300 - x))[29]).toBe(0);
    expect(rsi(new Array<number>(30).fill(7))[29]).toBe(50);
  });

  it('ATR is the Wilder average of true ranges, which include gaps from the previous close', () => {
    const high = [10, 11, 13];
    const low = [8, 9, 10.5];
    const close = [9, 10, 12];
    expect([...trueRange(high, low, close)]).toEqual([2, 2, 3]);
    const a = atr(high, low, close, 2);
    expect(a[1]).toBe(2);
    expect(a[2]).toBe(2.5);
  });

  it('Bollinger bands are SMA ± 2 population standard deviations', () => {
    const b = bollinger([1, 2, 3, 4], 3, 2);
    expect(b.middle[2]).toBe(2);
    expect(b.upper[2]).toBeCloseTo(2 + 2 * Math.sqrt(2 / 3), 12);
    expect(b.lower[3]).toBeCloseTo(3 - 2 * Math.sqrt(2 / 3), 12);
  });

  it('MACD of a straight line is the constant EMA lag difference (26−12)/2 = 7 with a zero histogram', () => {
    const line = Array.from({ length: 80 }, (_, k) => k);
    const m = macd(line);
    expect(Number.isNaN(m.signal[32])).toBe(true);
    expect(m.macd[79]).toBeCloseTo(7, 9);
    expect(m.signal[79]).toBeCloseTo(7, 9);
    expect(m.histogram[79]).toBeCloseTo(0, 9);
  });
});
