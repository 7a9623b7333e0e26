import { describe, expect, it } from 'vitest';
import { fitLogistic, predictLogistic } from './logistic';
import { computeMarketSeries } from './market-series';
import { progrevAt, progrevLabelAt } from './progrev';
import { seededRandom, syntheticCandles } from './synthetic-candles';

describe('logistic regression (fixed Newton steps)', () => {
  const rand = seededRandom(42);
  const rows: number[][] = [];
  const labels: number[] = [];
  for (let k = 0; k < 2000; k++) {
    const x = [rand() * 4 - 2, rand() * 4 - 2];
    // True model: P(y=1) = sigmoid(1.5·x0 − 0.5), x1 is noise.
    const p = 1 / (1 + Math.exp(-(1.5 * x[0]! - 0.5)));
    rows.push(x);
    labels.push(rand() < p ? 1 : 0);
  }

  it('recovers the direction and rough size of a known effect', () => {
    const m = fitLogistic(rows, labels, { l2: 0 });
    const slope = m.weights[1]! / m.scale[0]!;
    expect(slope).toBeGreaterThan(1.2);
    expect(slope).toBeLessThan(1.8);
    expect(Math.abs(m.weights[2]!)).toBeLessThan(0.15);
    expect(predictLogistic(m, [1, 0])).toBeGreaterThan(predictLogistic(m, [-1, 0]));
  });

  it('is deterministic and the ridge keeps separable data finite', () => {
    expect(fitLogistic(rows, labels)).toEqual(fitLogistic(rows, labels));
    const sep = fitLogistic([[-2], [-1], [1], [2]], [0, 0, 1, 1]);
    expect(sep.weights.every(Number.isFinite)).toBe(true);
    expect(predictLogistic(sep, [2])).toBeGreaterThan(0.5);
  });
});

describe('progrev score', () => {
  const s = computeMarketSeries(syntheticCandles({ seed: 21, count: 1200 }));

  it('is a probability learned from the pair’s labelled past', () => {
    const r = progrevAt(s, s.n - 1);
    expect(r.probability).toBeGreaterThan(0);
    expect(r.probability).toBeLessThan(1);
    expect(r.trainingRows).toBeGreaterThan(500);
    expect(r.model).not.toBeNull();
  });

  it('says 0.5 when there is too little history to learn from', () => {
    expect(progrevAt(s, 250).probability).toBe(0.5);
  });

  it('labels progress (1), reversal (0) or neither within 48 h (null)', () => {
    const labels = Array.from({ length: 500 }, (_, k) => progrevLabelAt(s, 200 + k));
    expect(labels).toContain(1);
    expect(labels).toContain(0);
  });
});
