import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sharpeRatio } from './sharpe';
import { estimatePbo } from './pbo';
import { createNormalSource, drawNormals } from './testing/normal-noise';

function drawNoiseColumns(seed: number, options: { variants: number; rows: number }): Float64Array[] {
  const normal = createNormalSource(seed);
  return Array.from({ length: options.variants }, () => drawNormals(normal, { length: options.rows }));
}

/** CSCV written the slow, obvious way (Sharpe recomputed from the rows of every split), to check against. */
function estimatePboNaively(columns: Float64Array[], blocks: number): { pbo: number; logits: number[] } {
  const blockSize = Math.floor((columns[0]?.length ?? 0) / blocks);
  const logits: number[] = [];
  const sharpeOver = (column: Float64Array, chosen: number[]) =>
    sharpeRatio(chosen.flatMap((s) => Array.from(column.subarray(s * blockSize, (s + 1) * blockSize))));
  const visit = (start: number, chosen: number[]) => {
    if (chosen.length === blocks / 2) {
      const rest = Array.from({ length: blocks }, (_, s) => s).filter((s) => !chosen.includes(s));
      const inSample = columns.map((column) => sharpeOver(column, chosen));
      const outOfSample = columns.map((column) => sharpeOver(column, rest));
      const best = inSample.indexOf(Math.max(...inSample));
      const rank = outOfSample.filter((value) => value <= (outOfSample[best] ?? NaN)).length;
      const omega = rank / (columns.length + 1);
      logits.push(Math.log(omega / (1 - omega)));
      return;
    }
    for (let s = start; s < blocks; s++) visit(s + 1, [...chosen, s]);
  };
  visit(0, []);
  return { pbo: logits.filter((l) => l <= 0).length / logits.length, logits };
}

describe('estimatePbo', () => {
  it('works a hand-computed case: 4 variants, 2 blocks of 2 rows', () => {
    // Each block is a pair m ± 1, whose Sharpe ratio is m/√2. Block means per variant:
    // A (3, −0.5), B (2, 4), C (1, 2), D (−1, −2).
    // IS = block 1: best A (3); OOS block 2 order D < A < C < B, so A ranks 2 of 4: ω = 2/5, λ = ln(2/3).
    // IS = block 2: best B (4); OOS block 1 order D < C < B < A, so B ranks 3: ω = 3/5, λ = ln(3/2).
    const columns = [
      [2, 4, -1.5, 0.5],
      [1, 3, 3, 5],
      [0, 2, 1, 3],
      [-2, 0, -3, -1],
    ];
    const result = estimatePbo(columns, { blocks: 2 });
    expect(result.splits).toBe(2);
    expect(result.pbo).toBe(0.5);
    expect(result.logits[0]).toBeCloseTo(Math.log(2 / 3), 14);
    expect(result.logits[1]).toBeCloseTo(Math.log(3 / 2), 14);
    expect(result.logitMedian).toBeCloseTo(0, 14);
    // A's OOS Sharpe is −0.5/√2 < 0; B's is 2/√2 > 0.
    expect(result.probabilityOfLoss).toBe(0.5);
    // Points (3/√2, −0.5/√2) and (4/√2, 2/√2): slope 2.5, intercept −4√2.
    expect(result.degradation.slope).toBeCloseTo(2.5, 12);
    expect(result.degradation.intercept).toBeCloseTo(-4 * Math.SQRT2, 12);
  });

  it('drops trailing rows so that the blocks are equal', () => {
    const columns = [
      [2, 4, -1.5, 0.5, 100],
      [1, 3, 3, 5, -100],
      [0, 2, 1, 3, 7],
      [-2, 0, -3, -1, 1e6],
    ];
    const result = estimatePbo(columns, { blocks: 2 });
    expect(result.rowsUsed).toBe(4);
    expect(result.pbo).toBe(0.5);
  });

  it('settles ties deterministically: identical variants rank mid-table, λ = 0, counted as overfit', () => {
    const column = drawNoiseColumns(5, { variants: 1, rows: 64 })[0] ?? new Float64Array();
    const result = estimatePbo([column, column, column], { blocks: 4 });
    expect(Array.from(result.logits).every((l) => Math.abs(l) < 1e-15)).toBe(true);
    expect(result.pbo).toBe(1);
  });

  it('gives a variant that never trades (all zeros) a Sharpe ratio of 0, not NaN', () => {
    const [a, b] = drawNoiseColumns(6, { variants: 2, rows: 64 });
    const result = estimatePbo([a ?? new Float64Array(), b ?? new Float64Array(), new Float64Array(64)], {
      blocks: 4,
    });
    expect(Array.from(result.logits).every(Number.isFinite)).toBe(true);
    expect(Number.isFinite(result.degradation.slope)).toBe(true);
  });

  it('finds PBO ≈ 0.5 on pure noise, averaged over seeds (E[PBO] = ½ when every variant is noise)', () => {
    const pbos = Array.from(
      { length: 20 },
      (_, i) => estimatePbo(drawNoiseColumns(1000 + i, { variants: 50, rows: 800 })).pbo,
    );
    const average = pbos.reduce((a, b) => a + b, 0) / pbos.length;
    // One data set's PBO spreads widely (sd ≈ 0.15 here), the mean of 20 by about 0.035.
    expect(average).toBeGreaterThan(0.4);
    expect(average).toBeLessThan(0.6);
    expect(pbos[0]).toBeGreaterThan(0.3);
    expect(pbos[0]).toBeLessThan(0.7);
  });

  it('finds PBO ≈ 0 when one variant has a real edge', () => {
    const columns = drawNoiseColumns(7, { variants: 50, rows: 800 });
    const normal = createNormalSource(8);
    columns[13] = drawNormals(normal, { length: 800, mean: 0.25 });
    const result = estimatePbo(columns);
    expect(result.splits).toBe(12_870);
    expect(result.pbo).toBeLessThan(0.05);
    expect(result.probabilityOfLoss).toBeLessThan(0.05);
  });

  it('agrees with the naive computation, stays in [0, 1] and ignores each variant’s scale', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 5 }),
        fc.integer({ min: 0, max: 5 }),
        (seed, variants, halfBlocks, blockSize, extra) => {
          const blocks = 2 * halfBlocks;
          const columns = drawNoiseColumns(seed, { variants, rows: blocks * blockSize + extra });
          const result = estimatePbo(columns, { blocks });
          const naive = estimatePboNaively(columns, blocks);
          expect(result.pbo).toBeGreaterThanOrEqual(0);
          expect(result.pbo).toBeLessThanOrEqual(1);
          expect(result.probabilityOfLoss).toBeGreaterThanOrEqual(0);
          expect(result.probabilityOfLoss).toBeLessThanOrEqual(1);
          expect(result.pbo).toBe(naive.pbo);
          naive.logits.forEach((l, i) => expect(result.logits[i]).toBeCloseTo(l, 12));
          const scaled = estimatePbo(
            columns.map((column, j) => column.map((x) => x * (j + 1) * 7.5)),
            { blocks },
          );
          expect(scaled.pbo).toBe(result.pbo);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('runs 12,870 splits of 1,500 rows × 100 variants well inside a second', () => {
    const columns = drawNoiseColumns(9, { variants: 100, rows: 1500 });
    const started = performance.now();
    estimatePbo(columns);
    // About 0.07 s here; recomputing Sharpe ratios from the rows (O(T·N) a split) takes several seconds.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('rejects a bad block count, unequal columns, too few rows and non-finite values', () => {
    const columns = drawNoiseColumns(10, { variants: 3, rows: 32 });
    expect(() => estimatePbo(columns, { blocks: 5 })).toThrow(RangeError);
    expect(() => estimatePbo([...columns, new Float64Array(31)])).toThrow(RangeError);
    expect(() => estimatePbo(columns, { blocks: 22 })).toThrow(RangeError);
    expect(() => estimatePbo(columns.map((column) => column.subarray(0, 15)))).toThrow(RangeError);
    expect(() => estimatePbo([new Float64Array([1, NaN, 2, 3]), new Float64Array(4)], { blocks: 2 })).toThrow(
      RangeError,
    );
  });
});
