/**
 * The harness's controls (issue: controls that prove the harness). On the simulated market with its
 * planted edge (trends that persist for days) the harness must find the trend and the gate publish
 * it; on the same market without any edge (a martingale) nothing may pass and nothing be published.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { KRAKEN_CURRENT } from './costs';
import { runResearch, type ResearchResult } from './run-research';
import { RESEARCH_TRIALS } from './research-trials';
import { buildSimulatedUniverse } from './simulated-universe';

const END = Date.UTC(2026, 10, 1);
const DAYS = 730;

async function research(edge: 'planted' | 'none'): Promise<ResearchResult> {
  const universe = await buildSimulatedUniverse({ seed: 42, edge, end: END, days: DAYS });
  return runResearch(universe, { fees: KRAKEN_CURRENT, trials: RESEARCH_TRIALS });
}

describe('the positive control: the simulated market with its planted edge', () => {
  let result: ResearchResult;
  beforeAll(async () => {
    result = await research('planted');
  }, 120_000);

  it('finds the planted trend: the trend family passes the gate', () => {
    const trend = result.families.find((f) => f.name === 'ts-trend')!;
    expect(trend).toMatchObject({ passes: true, misses: [] });
    expect(trend.variant).toMatch(/side=long/);
    expect(trend.deflatedSharpe).toBeGreaterThanOrEqual(0.95);
    expect(trend.pbo).toBeLessThanOrEqual(0.2);
  });

  it('publishes walk-forward, and what it publishes earns its costs', () => {
    expect(result.published.signals).toBeGreaterThan(100);
    expect(result.published.meanNetPercent).toBeGreaterThan(0);
    expect(result.published.tStat).toBeGreaterThan(2);
  });

  it('does not pass the families that lose after costs', () => {
    for (const name of ['xs-reversal', 'mean-reversion'])
      expect(result.families.find((f) => f.name === name)?.passes).toBe(false);
  });
});

describe('the negative control: the same market without any edge', () => {
  let result: ResearchResult;
  beforeAll(async () => {
    result = await research('none');
  }, 120_000);

  it('passes no family and publishes nothing', () => {
    expect(result.families.filter((f) => f.passes)).toEqual([]);
    expect(result.published.signals).toBe(0);
    expect(result.refits.every((r) => r.verdicts.every((v) => !v.passes))).toBe(true);
  });

  it('finds no Sharpe beyond luck, and overfitting where variants differ by noise alone', () => {
    for (const family of result.families) expect(family.deflatedSharpe).toBeLessThan(0.95);
    const pbos = result.families.map((f) => f.pbo);
    // Families whose variants differ only by noise rank at random out of sample (PBO about 0.5);
    // where they differ by costs (how often they trade) the cheapest stays best, so PBO can be low.
    expect(pbos.reduce((a, b) => a + b, 0) / pbos.length).toBeGreaterThan(0.25);
  });
});
