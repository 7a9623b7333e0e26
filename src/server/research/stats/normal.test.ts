import { describe, expect, it } from 'vitest';
import { normalCdf, normalPdf, normalQuantile } from './normal';

// Reference values: the standard normal table (Abramowitz & Stegun 26.2), extended with mpmath at
// 30-digit precision and written as the nearest doubles.
const CDF: [number, number][] = [
  [-8, 6.220960574271784e-16],
  [-5, 2.866515718791939e-7],
  [-3, 0.0013498980316300946],
  [-1.96, 0.024997895148220435],
  [-1, 0.15865525393145705],
  [-0.5, 0.3085375387259869],
  [0, 0.5],
  [0.3, 0.6179114221889527],
  [1, 0.8413447460685429],
  [1.96, 0.9750021048517795],
  [2.5, 0.9937903346742238],
  [3, 0.9986501019683699],
  [4, 0.9999683287581669],
  [6, 0.9999999990134123],
];

const QUANTILE: [number, number][] = [
  [1e-12, -7.034483825301132],
  [1e-6, -4.753424308822899],
  [0.001, -3.0902323061678136],
  [0.01, -2.326347874040841],
  [0.025, -1.9599639845400543],
  [0.05, -1.6448536269514726],
  [0.1, -1.2815515655446004],
  [0.3, -0.5244005127080408],
  [0.5, 0],
  [0.7, 0.5244005127080407],
  [0.9, 1.2815515655446006],
  [0.975, 1.9599639845400538],
  [0.99, 2.3263478740408408],
  [0.999, 3.090232306167813],
  [0.999999999, 5.9978070196016375],
];

describe('normalCdf', () => {
  it.each(CDF)('Φ(%d) matches the table to 1e-15 absolute and 1e-12 relative', (z, expected) => {
    const value = normalCdf(z);
    expect(Math.abs(value - expected)).toBeLessThan(1e-15);
    expect(Math.abs(value - expected) / expected).toBeLessThan(1e-12);
  });

  it('is symmetric, monotone and bounded', () => {
    let previous = 0;
    for (let i = -4000; i <= 4000; i++) {
      const z = i / 100;
      const value = normalCdf(z);
      expect(value).toBeGreaterThanOrEqual(previous);
      expect(Math.abs(value + normalCdf(-z) - 1)).toBeLessThan(1e-15);
      previous = value;
    }
    expect(normalCdf(-40)).toBe(0);
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(NaN)).toBeNaN();
  });
});

describe('normalQuantile', () => {
  it.each(QUANTILE)('Φ⁻¹(%d) matches the table to 1e-14 relative', (p, expected) => {
    const value = normalQuantile(p);
    expect(Math.abs(value - expected)).toBeLessThanOrEqual(1e-14 * Math.max(1, Math.abs(expected)));
  });

  it('inverts normalCdf across the whole range, tails included', () => {
    for (let i = 1; i < 10_000; i++) {
      const p = i / 10_000;
      expect(Math.abs(normalCdf(normalQuantile(p)) - p) / Math.min(p, 1 - p)).toBeLessThan(1e-12);
    }
    for (const p of [1e-300, 1e-100, 1e-20, 1e-10]) {
      expect(Math.abs(normalCdf(normalQuantile(p)) / p - 1)).toBeLessThan(1e-12);
    }
  });

  it('maps the end points to infinities and rejects non-probabilities', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(-0.1)).toBeNaN();
    expect(normalQuantile(1.1)).toBeNaN();
  });
});

describe('normalPdf', () => {
  it('is 1/√(2π) at 0 and e^(−1/2)/√(2π) at ±1', () => {
    expect(normalPdf(0)).toBeCloseTo(0.3989422804014327, 15);
    expect(normalPdf(1)).toBeCloseTo(0.24197072451914337, 15);
    expect(normalPdf(-1)).toBe(normalPdf(1));
  });
});
