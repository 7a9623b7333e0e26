/**
 * Probability of backtest overfitting by combinatorially symmetric cross-validation (CSCV):
 * Bailey, Borwein, López de Prado & Zhu (2017), "The Probability of Backtest Overfitting",
 * Journal of Computational Finance 20(4). The T×N performance matrix is given as N columns, one
 * per variant, each the variant's per-period returns on a common grid (zero where it holds
 * nothing), so row t is the same period in every column. The metric is the per-period Sharpe ratio.
 *
 * Ties are settled deterministically: the in-sample best is the lowest-numbered variant among
 * equals, and its out-of-sample rank is the mid-rank among equals, so identical variants give
 * ω = ½, λ = 0, which counts as overfit (the paper's λ ≤ 0). A window with no spread has Sharpe 0.
 */
import { advanceCombination, countCombinations, createFirstCombination } from './combinations';
import type { Series } from './moments';
import { fillWindowSharpes, summariseBlocks } from './pbo-blocks';
import { fitLine, median } from './summaries';

export interface PboOptions {
  /** S, the number of blocks the rows are cut into: even, default 16 (C(16, 8) = 12,870 splits). */
  blocks?: number;
}

export interface PboResult {
  /** Share of splits whose in-sample best ranks in the bottom half out of sample (λ ≤ 0). */
  pbo: number;
  /** λ = ln(ω/(1 − ω)) per split, ω = (out-of-sample rank of the in-sample best)/(N + 1). */
  logits: Float64Array;
  logitMedian: number;
  /** Share of splits where the in-sample best has a negative out-of-sample Sharpe ratio. */
  probabilityOfLoss: number;
  /** OLS of the in-sample best's out-of-sample Sharpe on its in-sample Sharpe, across splits. */
  degradation: { slope: number; intercept: number };
  /** Trailing rows are dropped so that the S blocks are equal. */
  rowsUsed: number;
  splits: number;
}

/** C(20, 10) = 184,756 splits; C(22, 11) would already be 705,432, C(32, 16) six hundred million. */
const MAX_BLOCKS = 20;

function validate(columns: readonly Series[], blocks: number): number {
  if (!Number.isInteger(blocks) || blocks < 2 || blocks > MAX_BLOCKS || blocks % 2 !== 0) {
    throw new RangeError(`blocks must be an even integer from 2 to ${MAX_BLOCKS}, got ${blocks}`);
  }
  if (columns.length < 2) throw new RangeError('PBO needs at least two variants');
  const rows = columns[0]?.length ?? 0;
  if (columns.some((column) => column.length !== rows)) {
    throw new RangeError('every variant must have the same number of rows');
  }
  const blockSize = Math.floor(rows / blocks);
  if (blockSize * (blocks / 2) < 2) throw new RangeError(`${rows} rows are too few for ${blocks} blocks`);
  return blockSize;
}

/** Relative rank ω ∈ (0, 1) of `values[index]` among all values: mid-rank over ties, over N + 1. */
function computeRelativeRank(values: Float64Array, index: number): number {
  const target = values[index] ?? NaN;
  let rank = 1;
  for (let j = 0; j < values.length; j++) {
    const value = values[j] ?? NaN;
    if (value < target) rank += 1;
    else if (value === target && j !== index) rank += 0.5;
  }
  return rank / (values.length + 1);
}

function findFirstMax(values: Float64Array): number {
  let best = 0;
  for (let j = 1; j < values.length; j++) if ((values[j] ?? 0) > (values[best] ?? 0)) best = j;
  return best;
}

export function estimatePbo(columns: readonly Series[], options: PboOptions = {}): PboResult {
  const blocks = options.blocks ?? 16;
  const blockSize = validate(columns, blocks);
  const n = columns.length;
  const half = blocks / 2;
  const moments = summariseBlocks(columns, { blocks, blockSize });
  const splits = countCombinations(blocks, half);
  const logits = new Float64Array(splits);
  const bestIs = new Float64Array(splits);
  const bestOos = new Float64Array(splits);
  const inSample = { sums: new Float64Array(n), squares: new Float64Array(n), length: half * blockSize };
  const outOfSample = { sums: new Float64Array(n), squares: new Float64Array(n), length: half * blockSize };
  const isSharpe = new Float64Array(n);
  const oosSharpe = new Float64Array(n);
  const chosen = createFirstCombination(half);
  let split = 0;
  do {
    inSample.sums.fill(0);
    inSample.squares.fill(0);
    for (const s of chosen) {
      for (let j = 0; j < n; j++) {
        inSample.sums[j] = (inSample.sums[j] ?? 0) + (moments.sums[s * n + j] ?? 0);
        inSample.squares[j] = (inSample.squares[j] ?? 0) + (moments.squares[s * n + j] ?? 0);
      }
    }
    for (let j = 0; j < n; j++) {
      outOfSample.sums[j] = (moments.totalSums[j] ?? 0) - (inSample.sums[j] ?? 0);
      outOfSample.squares[j] = (moments.totalSquares[j] ?? 0) - (inSample.squares[j] ?? 0);
    }
    fillWindowSharpes(isSharpe, inSample, moments);
    fillWindowSharpes(oosSharpe, outOfSample, moments);
    const best = findFirstMax(isSharpe);
    const omega = computeRelativeRank(oosSharpe, best);
    logits[split] = Math.log(omega / (1 - omega));
    bestIs[split] = isSharpe[best] ?? NaN;
    bestOos[split] = oosSharpe[best] ?? NaN;
    split++;
  } while (advanceCombination(chosen, blocks));

  let overfit = 0;
  let losses = 0;
  for (let c = 0; c < splits; c++) {
    if ((logits[c] ?? 0) <= 0) overfit++;
    if ((bestOos[c] ?? 0) < 0) losses++;
  }
  return {
    pbo: overfit / splits,
    logits,
    logitMedian: median(logits),
    probabilityOfLoss: losses / splits,
    degradation: fitLine(bestIs, bestOos),
    rowsUsed: blocks * blockSize,
    splits,
  };
}
