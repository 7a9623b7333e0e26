/**
 * The publication gate on the live market: every family judged on the stored hourly candles of the
 * active pairs (all of them, up to now), as the Signal Quality screen and the publisher read it.
 */
import type { Candle } from '../shared/candles';
import { feeScheduleForTaker } from './costs';
import { decisionHours } from './families/features';
import { gateBacktest, type GateBacktest } from './gate-backtest';
import { GATE, type FamilyVerdict } from './judge-family';
import { RESEARCH_TRIALS } from './research-trials';
import { judgeFamilies, toRow, type FamilyRow } from './run-research';
import type { Signal, Universe } from './types';
import { buildUniverse } from './universe';

const HOUR_MS = 3_600_000;
/** z of a one-sided 95 % bound. */
const ONE_SIDED_95 = 1.645;

/** A position a passing family's candidate holds at the latest daily decision: what it would publish. */
export interface LivePosition {
  family: string;
  variant: string;
  symbol: string;
  side: 'long' | 'short';
  /** Open time of the decision candle (the day's 23:00 UTC hour). */
  decidedAt: string;
  holdHours: number;
  /** The candidate's mean net return per trade, and its one-sided 95 % lower bound. */
  expectedProfitPercent: number;
  lowerBoundPercent: number;
  /** The candidate's share of trades that ended in profit, in percent. */
  successRate: number;
}

export interface GateReport {
  pairs: number;
  /** Days of candles the families were judged on. */
  days: number;
  trials: number;
  feeSchedule: string;
  thresholds: { minDeflatedSharpe: number; maxPbo: number; minTStat: number };
  families: FamilyRow[];
  live: LivePosition[];
  /** Open time of the latest daily decision candle, or null with no decision hour yet. */
  latestDecision: string | null;
  /** The gate's walk-forward on the same candles: Signal Quality's backtest rows. */
  backtest: GateBacktest;
}

/** The walk-forward refits every 30 days from half the history in, at most 90 days in. */
const REFIT_DAYS = 30;
const firstRefitDays = (days: number) => Math.min(90, Math.floor(days / 2));

export function judgeGate(input: {
  series: { symbol: string; candles: Candle[] }[];
  takerFeePercent: number;
}): GateReport {
  const series = input.series.filter((s) => s.candles.length > 0);
  const fees = feeScheduleForTaker(input.takerFeePercent);
  const thresholds = {
    minDeflatedSharpe: GATE.minDeflatedSharpe,
    maxPbo: GATE.maxPbo,
    minTStat: GATE.minTStat,
  };
  if (series.length === 0)
    return {
      pairs: 0,
      days: 0,
      trials: RESEARCH_TRIALS,
      feeSchedule: fees.name,
      thresholds,
      families: [],
      live: [],
      latestDecision: null,
      backtest: { firstRefitDays: 0, refitDays: REFIT_DAYS, rows: [], days: [] },
    };
  const universe = buildUniverse(series);
  const { families, verdicts, trials } = judgeFamilies(universe, { fees, trials: RESEARCH_TRIALS });
  const latest = decisionHours(universe).at(-1);
  const days = Math.floor(universe.hours / 24);
  return {
    pairs: series.length,
    days,
    trials,
    feeSchedule: fees.name,
    thresholds,
    families: verdicts.map(toRow),
    live: verdicts
      .filter((v) => v.passes)
      .flatMap((v) => {
        const run = families.get(v.name)?.find((r) => r.variant === v.best.variant);
        return run && latest !== undefined ? findLivePositions(universe, v, run.signals, latest) : [];
      }),
    latestDecision: latest === undefined ? null : new Date(universe.start + latest * HOUR_MS).toISOString(),
    backtest: gateBacktest({
      universe,
      families,
      trials,
      firstRefitDays: firstRefitDays(days),
      refitDays: REFIT_DAYS,
    }),
  };
}

/** The candidate's signals at the universe's latest daily decision. */
function findLivePositions(
  universe: Universe,
  verdict: FamilyVerdict,
  signals: readonly Signal[],
  latest: number,
): LivePosition[] {
  const { variant, meanNetPercent, tStat, hitRate } = verdict.best;
  return signals
    .filter((s) => s.at === latest)
    .map((s) => ({
      family: verdict.name,
      variant,
      symbol: universe.pairs[s.pair]!.symbol,
      side: s.side === 1 ? 'long' : 'short',
      decidedAt: new Date(universe.start + s.at * HOUR_MS).toISOString(),
      holdHours: s.holdHours,
      expectedProfitPercent: meanNetPercent,
      lowerBoundPercent: meanNetPercent - ONE_SIDED_95 * (meanNetPercent / tStat),
      successRate: 100 * hitRate,
    }));
}
