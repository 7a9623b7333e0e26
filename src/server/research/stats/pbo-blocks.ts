/**
 * Per-block sums and sums of squares of each variant's returns, so that the Sharpe ratio of any
 * union of blocks costs O(blocks) per variant instead of O(rows): the precomputation behind CSCV.
 */
import type { Series } from './moments';

export interface BlockMoments {
  variants: number;
  /** Σ of centred returns of variant j in block s, at s·variants + j. */
  sums: Float64Array;
  squares: Float64Array;
  totalSums: Float64Array;
  totalSquares: Float64Array;
  /** Each column's mean over the rows used, subtracted before summing. */
  centres: Float64Array;
  /** A window variance at or below this is rounding noise on a constant column: no spread. */
  noSpread: Float64Array;
}

export interface BlockLayout {
  blocks: number;
  blockSize: number;
}

export function summariseBlocks(columns: readonly Series[], layout: BlockLayout): BlockMoments {
  const { blocks, blockSize } = layout;
  const n = columns.length;
  const rows = blocks * blockSize;
  const moments: BlockMoments = {
    variants: n,
    sums: new Float64Array(blocks * n),
    squares: new Float64Array(blocks * n),
    totalSums: new Float64Array(n),
    totalSquares: new Float64Array(n),
    centres: new Float64Array(n),
    noSpread: new Float64Array(n),
  };
  columns.forEach((column, j) => {
    let total = 0;
    for (let t = 0; t < rows; t++) {
      const value = column[t] ?? NaN;
      if (!Number.isFinite(value)) throw new RangeError(`variant ${j} has a non-finite value at row ${t}`);
      total += value;
    }
    // Centring keeps Σx² − (Σx)²/m accurate when a column's mean is large against its spread.
    const centre = total / rows;
    let totalSum = 0;
    let totalSquare = 0;
    for (let s = 0; s < blocks; s++) {
      let sum = 0;
      let square = 0;
      for (let t = s * blockSize; t < (s + 1) * blockSize; t++) {
        const d = (column[t] ?? NaN) - centre;
        sum += d;
        square += d * d;
      }
      moments.sums[s * n + j] = sum;
      moments.squares[s * n + j] = square;
      totalSum += sum;
      totalSquare += square;
    }
    moments.totalSums[j] = totalSum;
    moments.totalSquares[j] = totalSquare;
    moments.centres[j] = centre;
    moments.noSpread[j] = 1e-24 * (centre * centre + totalSquare / rows);
  });
  return moments;
}

export interface Window {
  /** Per-variant sums of centred returns over the window's rows. */
  sums: Float64Array;
  squares: Float64Array;
  /** Rows in the window. */
  length: number;
}

/** Writes each variant's per-period Sharpe ratio over the window into `target` (0 without spread). */
export function fillWindowSharpes(target: Float64Array, window: Window, moments: BlockMoments): void {
  const m = window.length;
  for (let j = 0; j < moments.variants; j++) {
    const sum = window.sums[j] ?? 0;
    const centredMean = sum / m;
    const variance = ((window.squares[j] ?? 0) - sum * centredMean) / (m - 1);
    target[j] =
      variance > (moments.noSpread[j] ?? 0)
        ? (centredMean + (moments.centres[j] ?? 0)) / Math.sqrt(variance)
        : 0;
  }
}
