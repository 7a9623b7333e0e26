/**
 * The engine's work as run inside a pool thread: unpack the transferred candles, call the pure
 * engine, return its plain result. Nothing here touches the database, the clock or the network.
 */
import { analyzePair, evaluateSignals, type CalibrationOptions, type EvaluatedSignal } from '../engine';
import type { AnalyzePairInput, PairAnalysis } from '../engine/types';
import { judgeGate, type GateReport } from '../research/judge-gate';
import { unpackCandles } from './candle-columns';

export interface AnalyzeTask extends Omit<AnalyzePairInput, 'hourly' | 'minute'> {
  hourly: Float64Array<ArrayBuffer>;
  minute: Float64Array<ArrayBuffer>;
}

export interface EvaluateTask {
  series: { name: string; candles: Float64Array<ArrayBuffer> }[];
  options: CalibrationOptions;
}

export interface GateTask {
  series: { symbol: string; candles: Float64Array<ArrayBuffer> }[];
  takerFeePercent: number;
}

export function analyze(task: AnalyzeTask): PairAnalysis {
  return analyzePair({ ...task, hourly: unpackCandles(task.hourly), minute: unpackCandles(task.minute) });
}

export function evaluate(task: EvaluateTask): EvaluatedSignal[] {
  const series = task.series.map((s) => ({ name: s.name, candles: unpackCandles(s.candles) }));
  return evaluateSignals(series, task.options);
}

export function gate(task: GateTask): GateReport {
  const series = task.series.map((s) => ({ symbol: s.symbol, candles: unpackCandles(s.candles) }));
  return judgeGate({ series, takerFeePercent: task.takerFeePercent });
}
