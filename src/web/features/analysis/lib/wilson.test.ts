import { describe, expect, it } from 'vitest';
import { wilsonInterval } from './wilson';

describe('wilsonInterval (95 %)', () => {
  it('matches the textbook values', () => {
    // 5 of 10: 23.66 %-76.34 %; 0 of 10: 0 %-27.75 % (the normal approximation would say 0-0).
    const half = wilsonInterval(5, 10)!;
    expect(half.low).toBeCloseTo(23.66, 2);
    expect(half.high).toBeCloseTo(76.34, 2);
    const none = wilsonInterval(0, 10)!;
    expect(none.low).toBeCloseTo(0, 10);
    expect(none.high).toBeCloseTo(27.75, 2);
    const all = wilsonInterval(10, 10)!;
    expect(all.low).toBeCloseTo(72.25, 2);
    expect(all.high).toBeCloseTo(100, 10);
  });

  it('narrows around the observed rate as the sample grows', () => {
    // 60 of 100: 50.20 %-69.06 %; 600 of 1000: 56.93 %-63.00 %.
    const hundred = wilsonInterval(60, 100)!;
    expect(hundred.low).toBeCloseTo(50.2, 1);
    expect(hundred.high).toBeCloseTo(69.06, 1);
    const thousand = wilsonInterval(600, 1000)!;
    expect(thousand.low).toBeCloseTo(56.93, 1);
    expect(thousand.high).toBeCloseTo(63.0, 1);
  });

  it('has no interval without a sample', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
  });
});
