import type { BacktestCalibration, PublicationGate } from '../../../contract/signal-quality';
import {
  ENGINE_VERSION,
  summarizeCalibration,
  type CalibrationOptions,
  type Candle,
  type EvaluatedSignal,
} from '../../engine';

/**
 * The engine's walk-forward reads the latest 90 days (the gate reads all stored history): half
 * warms the model up, the other half is scored.
 */
const ENGINE_HISTORY_DAYS = 90;
const DAY_MS = 86_400_000;
const WARMUP_DAYS = 45;
const LOOKBACK_DAYS = 45;
const STEP_HOURS = 7;

export interface BacktestDeps {
  /** Stores the report (signal-quality.repo's insertReport). */
  saveReport(report: BacktestCalibration): Promise<void>;
  pairs(): Promise<{ id: number; symbol: string }[]>;
  hourlyCandles(pairId: number): Promise<Candle[]>;
  takerFeePercent: number;
  /** The engine's walk-forward, run off the request thread (engine pool). */
  evaluateSignals(
    series: { name: string; candles: Candle[] }[],
    options: CalibrationOptions,
  ): Promise<EvaluatedSignal[]>;
  /** The publication gate on all pairs' candles together (engine pool). */
  judgeGate(
    series: { symbol: string; candles: Candle[] }[],
    takerFeePercent: number,
  ): Promise<PublicationGate>;
}

/**
 * Recomputes the walk-forward calibration of the engine on every active pair's stored candles,
 * one pair at a time (each pair's walk-forward on an engine thread), and the publication gate on
 * all of them together, and stores both.
 */
export async function computeBacktestReport(deps: BacktestDeps): Promise<BacktestCalibration> {
  const pairs = await deps.pairs();
  const signals: EvaluatedSignal[] = [];
  const series: { symbol: string; candles: Candle[] }[] = [];
  for (const pair of pairs) {
    const candles = await deps.hourlyCandles(pair.id);
    series.push({ symbol: pair.symbol, candles });
    const last = candles.at(-1)?.time ?? 0;
    const recent = candles.filter((c) => c.time > last - ENGINE_HISTORY_DAYS * DAY_MS);
    signals.push(
      ...(await deps.evaluateSignals([{ name: pair.symbol, candles: recent }], {
        warmupDays: WARMUP_DAYS,
        lookbackDays: LOOKBACK_DAYS,
        stepHours: STEP_HOURS,
        takerFeePercent: deps.takerFeePercent,
      })),
    );
  }
  const summary = summarizeCalibration(signals);
  const report: BacktestCalibration = {
    computedAt: new Date().toISOString(),
    engineVersion: ENGINE_VERSION,
    pairs: pairs.length,
    signals: summary.signals,
    deciles: summary.deciles,
    mae: summary.mae,
    brier: summary.brier,
    brierBaseline: summary.brierBaseline,
    warmupDays: WARMUP_DAYS,
    lookbackDays: LOOKBACK_DAYS,
    gate: await deps.judgeGate(series, deps.takerFeePercent),
  };
  await deps.saveReport(report);
  return report;
}
