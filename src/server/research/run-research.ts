/**
 * The research harness in one call: every variant of every family simulated on the universe (one
 * position per pair and side, fees and slippage in), each family judged by the publication gate on
 * the evaluation window, and the walk-forward record of what the gate would have published.
 */
import { createSpreadSlippage } from './costs';
import { markTradesToMarket } from './mark-to-market';
import { FAMILIES } from './families';
import { judgeFamily, type FamilyVerdict, type VariantRun } from './judge-family';
import type { Window } from './measure-variant';
import { simulatePositions } from './simulate-positions';
import { summarizePublished, type PublishedSummary } from './summarize-published';
import type { Family, FeeSchedule, Universe } from './types';
import { walkForwardGate, type PublishedSignal, type Refit } from './walk-forward-gate';

export interface ResearchOptions {
  fees: FeeSchedule;
  /** Variants tried in all research so far (the research log); this run's count when larger. */
  trials: number;
  families?: readonly Family[];
  /** Judge the families on hours from this one on (default 0: the whole universe). */
  fromHour?: number;
  /** The walk-forward gate's first refit, in days after the universe starts (default 180). */
  firstRefitDays?: number;
  refitDays?: number;
}

export interface FamilyRow {
  name: string;
  variants: number;
  variant: string;
  signals: number;
  hitRate: number;
  meanNetPercent: number;
  tStat: number;
  sharpe: number;
  deflatedSharpe: number;
  pbo: number;
  passes: boolean;
  misses: string[];
}

export interface ResearchResult {
  families: FamilyRow[];
  verdicts: FamilyVerdict[];
  published: PublishedSummary;
  publishedSignals: PublishedSignal[];
  refits: Refit[];
  trials: number;
}

export function simulateFamilies(
  universe: Universe,
  options: Pick<ResearchOptions, 'fees' | 'families'>,
): Map<string, VariantRun[]> {
  const slippage = createSpreadSlippage(universe);
  const runs = new Map<string, VariantRun[]>();
  for (const family of options.families ?? FAMILIES) {
    runs.set(
      family.name,
      family.variants.map((variant) => {
        const signals = variant.signals(universe);
        const { trades } = simulatePositions({ universe, signals, fees: options.fees, slippage });
        return {
          family: family.name,
          variant: variant.name,
          signals,
          trades,
          paths: markTradesToMarket(trades, universe),
        };
      }),
    );
  }
  return runs;
}

/** Every family judged by the gate on the universe from `fromHour` on (default: all of it). */
export function judgeFamilies(
  universe: Universe,
  options: Pick<ResearchOptions, 'fees' | 'families' | 'trials' | 'fromHour'>,
): { families: Map<string, VariantRun[]>; verdicts: FamilyVerdict[]; trials: number } {
  const families = simulateFamilies(universe, options);
  const trials = Math.max(options.trials, [...families.values()].flat().length);
  const window: Window = { fromHour: options.fromHour ?? 0, toHour: universe.hours };
  const verdicts = [...families].map(([name, runs]) => judgeFamily({ name, runs, window, trials }));
  return { families, verdicts, trials };
}

export function runResearch(universe: Universe, options: ResearchOptions): ResearchResult {
  const { families, verdicts, trials } = judgeFamilies(universe, options);
  const window: Window = { fromHour: options.fromHour ?? 0, toHour: universe.hours };
  const walk = walkForwardGate({
    hours: universe.hours,
    families,
    trials,
    firstRefitHour: Math.max(window.fromHour, (options.firstRefitDays ?? 180) * 24),
    refitDays: options.refitDays,
  });
  return {
    families: verdicts.map(toRow),
    verdicts,
    published: summarizePublished(walk.published),
    publishedSignals: walk.published,
    refits: walk.refits,
    trials,
  };
}

export function toRow(v: FamilyVerdict): FamilyRow {
  const { best } = v;
  return {
    name: v.name,
    variants: v.variants,
    variant: best.variant,
    signals: best.trades,
    hitRate: best.hitRate,
    meanNetPercent: best.meanNetPercent,
    tStat: best.tStat,
    sharpe: best.sharpe,
    deflatedSharpe: v.deflatedSharpe,
    pbo: v.pbo,
    passes: v.passes,
    misses: v.misses,
  };
}
