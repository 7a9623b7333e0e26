import { describe, expect, it } from 'vitest';
import { createManualClock } from '../providers/market/clock';
import { createSimulatedMarketSource } from '../providers/market/simulated';
import type { SimulatedEdge } from '../providers/market/simulated/hourly-path';
import { HOUR_MS } from '../shared/time';
import { familyByName } from './families';
import { KRAKEN_LEGACY } from './costs';
import { judgeGate } from './judge-gate';
import { runResearch } from './run-research';
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
    expect(gate.latestDecision).toBe(new Date(universe.start + lastDecision * HOUR_MS).toISOString());
  });

  it('reports its own walk-forward as backtest rows: what it would have published, per family and risk', async () => {
    const series = await storedCandles('planted', 240);
    const gate = judgeGate({ series, takerFeePercent: 0.26 });
    expect(gate.backtest).toMatchObject({ firstRefitDays: 90, refitDays: 30 });
    // The same walk-forward as the research harness's, refits from day 90 every 30 days.
    const walk = runResearch(buildUniverse(series), {
      fees: KRAKEN_LEGACY,
      trials: RESEARCH_TRIALS,
      firstRefitDays: 90,
      refitDays: 30,
    }).publishedSignals;
    const { rows } = gate.backtest;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.reduce((n, r) => n + r.sampleSize, 0)).toBe(walk.length);
    expect(rows.reduce((n, r) => n + r.succeeded, 0)).toBe(walk.filter((p) => p.succeeded).length);
    for (const family of new Set(rows.map((r) => r.family))) {
      const published = walk.filter((p) => p.family === family);
      const inRows = rows.filter((r) => r.family === family);
      const predicted = inRows.reduce((sum, r) => sum + r.predictedSuccessRate * r.sampleSize, 0);
      expect(predicted / published.length).toBeCloseTo(
        (100 * published.reduce((sum, p) => sum + p.predictedHitRate, 0)) / published.length,
        9,
      );
    }
    for (const row of rows)
      expect(row.realisedSuccessRate).toBeCloseTo((100 * row.succeeded) / row.sampleSize, 9);
    // The same positions by family and UTC day of the decision (the track record's comparison).
    const { start } = buildUniverse(series);
    for (const family of new Set(rows.map((r) => r.family))) {
      const published = walk.filter((p) => p.family === family);
      const days = gate.backtest.days.filter((d) => d.family === family);
      expect(days.reduce((n, d) => n + d.trades, 0)).toBe(published.length);
      expect(days.reduce((n, d) => n + d.wins, 0)).toBe(published.filter((p) => p.succeeded).length);
      expect(days.reduce((sum, d) => sum + d.netSumPercent, 0)).toBeCloseTo(
        published.reduce((sum, p) => sum + p.realisedNetPercent, 0),
        6,
      );
      for (const day of days) {
        const decidedThatDay = published.filter(
          (p) => Math.floor((start + p.at * HOUR_MS) / 86_400_000) * 86_400_000 === Date.parse(day.day),
        );
        expect(decidedThatDay.length).toBe(day.trades);
      }
    }
  });

  it('passes nothing and holds nothing on a market without an edge', async () => {
    const gate = judgeGate({ series: await storedCandles('none', 240), takerFeePercent: 0.26 });
    expect(gate.families.filter((f) => f.passes)).toEqual([]);
    expect(gate.live).toEqual([]);
    expect(gate.backtest.rows).toEqual([]);
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
