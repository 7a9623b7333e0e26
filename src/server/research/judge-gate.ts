/**
 * The publication gate on the live market: every family judged on the stored hourly candles of the
 * active pairs (all of them, up to now), as the Signal Quality screen and the publisher read it.
 */
import type { Candle } from '../shared/candles';
import { feeScheduleForTaker } from './costs';
import { GATE } from './judge-family';
import { RESEARCH_TRIALS } from './research-trials';
import { judgeFamilies, toRow, type FamilyRow } from './run-research';
import { buildUniverse } from './universe';

export interface GateReport {
  pairs: number;
  /** Days of candles the families were judged on. */
  days: number;
  trials: number;
  feeSchedule: string;
  thresholds: { minDeflatedSharpe: number; maxPbo: number; minTStat: number };
  families: FamilyRow[];
}

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
    return { pairs: 0, days: 0, trials: RESEARCH_TRIALS, feeSchedule: fees.name, thresholds, families: [] };
  const universe = buildUniverse(series);
  const { verdicts, trials } = judgeFamilies(universe, { fees, trials: RESEARCH_TRIALS });
  return {
    pairs: series.length,
    days: Math.floor(universe.hours / 24),
    trials,
    feeSchedule: fees.name,
    thresholds,
    families: verdicts.map(toRow),
  };
}
