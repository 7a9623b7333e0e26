import { describe, expect, it } from 'vitest';
import { analyzePair } from './analyze-pair';
import { HOUR_MS } from '../shared/time';
import { heatComponentsOf, heatScoreOf, type HeatInputs } from './heat';
import { seededRandom } from './synthetic-candles';
import type { Candle } from './types';

const heatOf = (x: HeatInputs) => heatScoreOf(heatComponentsOf(x));

const calm: HeatInputs = {
  relativeVolume: 1,
  atrRatio: 1,
  rsiDistance: 0,
  macdStrength: 0,
  breakoutAtr: 0,
  activeTriggerCount: 0,
};

function flatMarket(count: number, volumeAt: (k: number) => number = () => 100): Candle[] {
  return Array.from({ length: count }, (_, k) => ({
    time: k * HOUR_MS,
    open: 100,
    high: 100.2,
    low: 99.8,
    close: 100,
    volume: volumeAt(k),
  }));
}

const analyze = (hourly: Candle[], activeTriggerCount = 0) =>
  analyzePair({ pair: 'T/USD', hourly, minute: [], activeTriggerCount, takerFeePercent: 0.26 });

describe('heat score', () => {
  it('is 0 for a market where nothing happens and 100 when everything does', () => {
    expect(heatOf(calm)).toBe(0);
    const all = { relativeVolume: 5, atrRatio: 2, rsiDistance: 50, macdStrength: 1, breakoutAtr: 2 };
    expect(heatOf({ ...all, activeTriggerCount: 60 })).toBeCloseTo(100, 9);
  });

  it('is monotone: raising any one input never lowers heat', () => {
    const rand = seededRandom(7);
    const keys = Object.keys(calm) as (keyof HeatInputs)[];
    const scale: Record<keyof HeatInputs, number> = {
      relativeVolume: 5,
      atrRatio: 2.5,
      rsiDistance: 50,
      macdStrength: 1.5,
      breakoutAtr: 2,
      activeTriggerCount: 5,
    };
    for (let trial = 0; trial < 500; trial++) {
      const base = Object.fromEntries(keys.map((k) => [k, rand() * scale[k]])) as unknown as HeatInputs;
      for (const k of keys) {
        const raised = { ...base, [k]: base[k] + rand() * scale[k] * 0.3 };
        expect(heatOf(raised)).toBeGreaterThanOrEqual(heatOf(base));
      }
    }
  });

  it('reads a flat market as cold', () => {
    expect(analyze(flatMarket(400)).heatScore).toBeLessThan(5);
  });

  it('rises with a volume spike and with active triggers', () => {
    const quiet = analyze(flatMarket(400));
    const spike = analyze(flatMarket(400, (k) => (k === 399 ? 500 : 100)));
    expect(spike.heatComponents.volumeSurge).toBe(1);
    expect(spike.heatScore).toBeGreaterThan(quiet.heatScore + 20);
    expect(analyze(flatMarket(400), 2).heatScore).toBeGreaterThan(quiet.heatScore);
  });

  it('counts a close beyond the prior 24 h high as a breakout', () => {
    const candles = flatMarket(400);
    candles[399] = { ...candles[399]!, high: 101.5, close: 101.4 };
    expect(analyze(candles).heatComponents.breakout).toBeGreaterThanOrEqual(0.5);
  });
});
