import { describe, expect, it } from 'vitest';
import { createManualClock } from '../providers/market/clock';
import { createSimulatedMarketSource } from '../providers/market/simulated';
import type { SimulatedEdge } from '../providers/market/simulated/hourly-path';
import { HOUR_MS } from '../shared/time';
import { familyByName } from './families';
import { judgeGate } from './judge-gate';
import { RESEARCH_TRIALS } from './research-trials';
import { buildUniverse } from './universe';

const END = Date.UTC(2026, 10, 1);

async function storedCandles(edge: SimulatedEdge, days: number) {
  const source = createSimulatedMarketSource({ seed: 42, edge, startTime: END, clock: createManualClock(0) });
  const series = [];
  for (const { symbol } of await source.listPairs())
    series.push({ symbol, candles: await source.fetchCandles(symbol, '1h', END - days * 24 * HOUR_MS) });
  return series;
}

describe('the publication gate on stored candles', () => {
  it('passes the planted trend and reports the positions its candidate holds at the latest decision', async () => {
    const series = await storedCandles('planted', 240);
    const gate = judgeGate({ series, takerFeePercent: 0.26 });
    expect(gate).toMatchObject({
      pairs: 12,
      days: 240,
      trials: RESEARCH_TRIALS,
      feeSchedule: 'kraken-legacy',
    });
    const trend = gate.families.find((f) => f.name === 'ts-trend')!;
    expect(trend.passes).toBe(true);

    const universe = buildUniverse(series);
    const variant = familyByName('ts-trend').variants.find((v) => v.name === trend.variant)!;
    const lastDecision = Math.max(...variant.signals(universe).map((s) => s.at));
    const held = variant
      .signals(universe)
      .filter((s) => s.at === lastDecision)
      .map((s) => universe.pairs[s.pair]!.symbol);
    const live = gate.live.filter((p) => p.family === 'ts-trend');
    expect(live.length).toBeGreaterThan(0);
    expect(live.map((p) => p.symbol)).toEqual(held);
    for (const position of live) {
      expect(position).toMatchObject({
        variant: trend.variant,
        expectedProfitPercent: trend.meanNetPercent,
        successRate: 100 * trend.hitRate,
      });
      expect(position.lowerBoundPercent).toBeGreaterThan(0);
      expect(position.lowerBoundPercent).toBeLessThan(position.expectedProfitPercent);
      expect(Date.parse(position.decidedAt)).toBe(universe.start + lastDecision * HOUR_MS);
    }
    expect(gate.live.every((p) => gate.families.find((f) => f.name === p.family)?.passes)).toBe(true);
  });

  it('passes nothing and holds nothing on a market without an edge', async () => {
    const gate = judgeGate({ series: await storedCandles('none', 240), takerFeePercent: 0.26 });
    expect(gate.families.filter((f) => f.passes)).toEqual([]);
    expect(gate.live).toEqual([]);
  });

  it('judges nothing without candles', () => {
    expect(judgeGate({ series: [], takerFeePercent: 0.4 })).toMatchObject({
      pairs: 0,
      feeSchedule: 'kraken-current',
      families: [],
      live: [],
    });
  });
});
