/**
 * SIM_EDGE=none, the negative control: the same market (volatility, jumps, regimes, volume draws)
 * with every drift dropped, so no rule can predict its direction. With the edge planted, hours in
 * an up-trend rise on average and hours in a down-trend fall; without it they do not differ.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIMULATION_EPOCH } from '.';
import { HourlyPath, type SimulatedEdge } from './hourly-path';
import { PAIR_PROFILES } from './profiles';

const HOURS = 2 * 8_760;

/** Welch t of the mean hourly log return in up-trend hours against down-trend hours, all pairs. */
function trendReturnT(edge: SimulatedEdge): number {
  const up: number[] = [];
  const down: number[] = [];
  for (const profile of PAIR_PROFILES) {
    const path = new HourlyPath(profile, 42, DEFAULT_SIMULATION_EPOCH, edge);
    path.ensure(HOURS);
    for (let k = 1; k < HOURS; k++) {
      const r = path.logClose[k]! - path.logClose[k - 1]!;
      if (path.regime[k] === 1) up.push(r);
      if (path.regime[k] === -1) down.push(r);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const variance = (xs: number[], m: number) => xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1);
  const [mu, md] = [mean(up), mean(down)];
  return (mu - md) / Math.sqrt(variance(up, mu) / up.length + variance(down, md) / down.length);
}

describe('the simulated market with its edge switched off', () => {
  it('moves as much as the planted market', () => {
    const sd = (edge: SimulatedEdge) => {
      const path = new HourlyPath(PAIR_PROFILES[0]!, 42, DEFAULT_SIMULATION_EPOCH, edge);
      path.ensure(HOURS);
      let sum = 0;
      for (let k = 1; k < HOURS; k++) sum += (path.logClose[k]! - path.logClose[k - 1]!) ** 2;
      return { sd: Math.sqrt(sum / HOURS) };
    };
    const [planted, none] = [sd('planted'), sd('none')];
    expect(none.sd / planted.sd).toBeGreaterThan(0.9);
    expect(none.sd / planted.sd).toBeLessThan(1.1);
  });

  it('plants a trend drift that the regimes reveal, and none without the edge', () => {
    expect(trendReturnT('planted')).toBeGreaterThan(10);
    expect(Math.abs(trendReturnT('none'))).toBeLessThan(3);
  });
});
