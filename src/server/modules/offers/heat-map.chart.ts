/**
 * The heat map's 12 h histories at the resolution its charts draw (HEAT_MAP_CHART_STEP_MS): the
 * stored 5-minute points would be 144 a series, 88 % of a 200-pair map's bytes, for a line a few
 * hundred pixels wide. A point stands for its step, stamped with the step's start on epoch-aligned
 * boundaries, so the steps of two reads of the same pair coincide and a live change stays a short
 * tail (heat-map.delta.ts): price is the step's last value (its close), volume the step's sum.
 */
import { HEAT_MAP_CHART_STEP_MS, type ChartPoint } from '../../../contract/heatmap';

export type StepValue = 'last' | 'sum';

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
  // Sums of decimals drift (0.1 + 0.2); the stored volumes carry at most 2 decimals.
  if (value === 'sum') for (const point of out) point.y = Math.round(point.y * 100) / 100;
  return out;
}
