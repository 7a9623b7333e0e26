/**
 * The publication gate's verdict on a family, from one window of data (DESIGN: the publication
 * gate). The family's candidate is its variant with the best Sharpe in the window; it passes when
 * - its deflated Sharpe ratio ≥ 0.95: the Sharpe beats the best that `trials` variants of no skill
 *   would show by luck, allowing for the returns' skew and fat tails (Bailey & López de Prado 2014);
 * - the family's probability of backtest overfitting ≤ 0.2: picking its best variant in one half
 *   of the window rarely picks a below-median one in the other (CSCV, 16 blocks);
 * - the candidate's mean net return has a 95 % lower bound above zero (one-sided, t > 1.645 with
 *   the overlap-safe t), so every offer it makes has an expected profit above zero after costs.
 */
import { deflatedSharpe, estimatePbo } from './stats';
import type { TradePath } from './mark-to-market';
import { measureVariant, type VariantRecord, type Window } from './measure-variant';
import type { Signal, Trade } from './types';

export const GATE = { minDeflatedSharpe: 0.95, maxPbo: 0.2, minTStat: 1.645, pboBlocks: 16 } as const;

export interface VariantRun {
  family: string;
  variant: string;
  /** Every signal the variant made; `trades` are what they became. */
  signals: readonly Signal[];
  trades: readonly Trade[];
  /** The trades marked to market (mark-to-market.ts), in the same order. */
  paths: readonly TradePath[];
}

export interface FamilyVerdict {
  name: string;
  variants: number;
  /** The candidate variant and its record in the window. */
  best: VariantRecord & { variant: string };
  /** Every variant's record in the window. */
  records: (VariantRecord & { variant: string })[];
  deflatedSharpe: number;
  pbo: number;
  passes: boolean;
  /** Why it fails, in words (empty when it passes). */
  misses: string[];
}

export interface JudgeInput {
  name: string;
  runs: readonly VariantRun[];
  window: Window;
  /** Variants tried in all research so far (the research log's count), at least this run's. */
  trials: number;
}

export function judgeFamily(input: JudgeInput): FamilyVerdict {
  const measured = input.runs.map((run) => measureVariant(run.paths, input.window));
  const records = measured.map(({ record }, k) => ({ variant: input.runs[k]!.variant, ...record }));
  const best = records.reduce((a, b) => (betterSharpe(b.dailySharpe, a.dailySharpe) ? b : a));
  const deflatedSharpe = deflated(best, input);
  const columns = measured.map(({ daily }) => daily);
  const pbo = columns.length > 1 ? estimatePbo(columns, { blocks: GATE.pboBlocks }).pbo : NaN;
  const misses: string[] = [];
  if (!(deflatedSharpe >= GATE.minDeflatedSharpe))
    misses.push(`deflated Sharpe ${fmt(deflatedSharpe)} below ${GATE.minDeflatedSharpe}`);
  if (!(pbo <= GATE.maxPbo)) misses.push(`PBO ${fmt(pbo)} above ${GATE.maxPbo}`);
  if (!(best.tStat > GATE.minTStat))
    misses.push(
      `mean net ${fmt(best.meanNetPercent)} % with t ${fmt(best.tStat)}: no 95 % lower bound above 0`,
    );
  return {
    name: input.name,
    variants: records.length,
    best,
    records,
    deflatedSharpe,
    pbo,
    passes: misses.length === 0,
    misses,
  };
}

/**
 * V[SR] of the deflated Sharpe: the variance of a daily Sharpe estimate over `days` days when the
 * true Sharpe is 0, 1/(days − 1) (Lo 2002, at SR = 0, where skew and kurtosis drop out). The paper
 * estimates it from the trials' spread instead, but ours include mirror images (the long and the
 * short side of one rule), whose Sharpe ratios differ by a real edge, not by luck: on the simulated
 * market that spread is 30 times the null variance and no edge could ever pass. Counting every
 * trial as independent keeps the expected maximum of luck on the high side for correlated ones.
 */
export function nullSharpeVariance(days: number): number {
  return days > 1 ? 1 / (days - 1) : NaN;
}

function deflated(best: VariantRecord, input: JudgeInput): number {
  if (!(best.trades > 0) || !Number.isFinite(best.dailySharpe)) return NaN;
  return deflatedSharpe({
    sr: best.dailySharpe,
    n: best.days,
    skew: best.skew,
    kurtosis: best.kurtosis,
    trials: Math.max(input.trials, input.runs.length),
    trialsVariance: nullSharpeVariance(best.days),
  });
}

/** NaN (a variant that never traded) never wins. */
const betterSharpe = (a: number, b: number) => Number.isFinite(a) && (!Number.isFinite(b) || a > b);
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
