/**
 * The heat map's 12 h histories at the resolution its charts draw (HEAT_MAP_CHART_STEP_MS): the
 * stored 5-minute points would be 144 a series, 88 % of a 200-pair map's bytes, for a line a few
 * hundred pixels wide. A point stands for its step, stamped with the step's start on epoch-aligned
 * boundaries, so the steps of two reads of the same pair coincide and a live change stays a short
 * tail (heat-map.delta.ts): price is the step's last value (its close), volume the step's sum.
 * Values keep the digits a chart can show (six significant for a price, whole units of volume).
 */
import { HEAT_MAP_CHART_STEP_MS, type ChartPoint } from '../../../contract/heatmap';

export type StepValue = 'last' | 'sum';

/** Significant digits of a price point: a chart's few hundred pixels tell fewer apart. */
export const CHART_DIGITS = 6;

/** `points` (oldest first) one per step; a step with no point has none. */
export function toChartSteps(
  points: readonly ChartPoint[],
  value: StepValue,
  stepMs = HEAT_MAP_CHART_STEP_MS,
): ChartPoint[] {
  const out: ChartPoint[] = [];
  for (const point of points) {
    const x = point.x - (((point.x % stepMs) + stepMs) % stepMs);
    const held = out.at(-1);
    if (held?.x === x) held.y = value === 'sum' ? held.y + point.y : point.y;
    else out.push({ x, y: point.y });
  }
  // Digits no chart draws: six significant digits of a price, volumes in whole units.
  for (const point of out)
    point.y = value === 'sum' ? Math.round(point.y) : Number(point.y.toPrecision(CHART_DIGITS));
  return out;
}
