import { describe, expect, it } from 'vitest';
import { HEAT_MAP_CHART_STEP_MS } from '../../../contract/heatmap';
import { toChartSteps } from './heat-map.chart';

const STEP = HEAT_MAP_CHART_STEP_MS;
const FIVE_MINUTES = 300_000;
const T0 = Date.parse('2026-11-21T00:00:00.000Z');

describe('heat-map chart steps', () => {
  it('keeps a step its close price and its volume sum, stamped at the step start', () => {
    // Four points in the first step, one in the second.
    const points = [0, 1, 2, 3, 4].map((i) => ({ x: T0 + (i * STEP) / 4, y: 10 + i + 0.1234567 }));
    expect(toChartSteps(points, 'last')).toEqual([
      { x: T0, y: 13.1235 },
      { x: T0 + STEP, y: 14.1235 },
    ]);
    expect(toChartSteps(points, 'sum')).toEqual([
      { x: T0, y: 46 },
      { x: T0 + STEP, y: 14 },
    ]);
  });

  it('gives 12 h of 5-minute points as 36 points, on the same boundaries whatever the start', () => {
    const from = T0 + 7 * FIVE_MINUTES;
    const points = Array.from({ length: 144 }, (_, i) => ({ x: from + i * FIVE_MINUTES, y: i + 1 }));
    const steps = toChartSteps(points, 'last');
    expect(steps.length).toBeLessThanOrEqual((12 * 3_600_000) / STEP + 1);
    expect(steps.every((p) => p.x % STEP === 0)).toBe(true);
    expect(steps.at(-1)).toEqual({ x: points.at(-1)!.x - (points.at(-1)!.x % STEP), y: 144 });
  });

  it('leaves a gap as a gap and an empty history empty', () => {
    expect(toChartSteps([], 'sum')).toEqual([]);
    expect(
      toChartSteps(
        [
          { x: T0, y: 1 },
          { x: T0 + 3 * STEP, y: 2 },
        ],
        'sum',
      ),
    ).toEqual([
      { x: T0, y: 1 },
      { x: T0 + 3 * STEP, y: 2 },
    ]);
  });
});
