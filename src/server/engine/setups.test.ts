import { describe, expect, it } from 'vitest';
import { POSITION_TYPES } from '../../contract/enums';
import { chooseSetup, exitsFor, sideOf, type ModelCall } from './setups';
import type { RiskLevel, Trend } from './types';
import type { HeatBand } from './heat';

describe('setup choice', () => {
  it('only produces contract position types, and can produce each of the 14', () => {
    const seen = new Set<string>();
    for (const trend of ['bullish', 'bearish', 'neutral'] as Trend[])
      for (const risk of ['low', 'medium', 'high'] as RiskLevel[])
        for (const heatBand of ['calm', 'warm', 'hot'] as HeatBand[])
          for (const modelCall of ['bullish', 'bearish', 'neutral'] as ModelCall[]) {
            const s = chooseSetup({ trend, risk, heatBand, modelCall });
            expect(POSITION_TYPES).toContain(s.positionType);
            seen.add(s.positionType);
          }
    expect([...seen].sort()).toEqual([...POSITION_TYPES].sort());
  });

  it('picks hedge on high risk, the day on calm markets and the model on hot ones', () => {
    expect(
      chooseSetup({ trend: 'bullish', risk: 'high', heatBand: 'hot', modelCall: 'bearish' }).positionType,
    ).toBe('hedge_long');
    expect(
      chooseSetup({ trend: 'bearish', risk: 'low', heatBand: 'calm', modelCall: 'neutral' }).positionType,
    ).toBe('short');
    expect(
      chooseSetup({ trend: 'bullish', risk: 'low', heatBand: 'warm', modelCall: 'neutral' }).positionType,
    ).toBe('quick_long');
    expect(chooseSetup({ trend: 'bullish', risk: 'low', heatBand: 'hot', modelCall: 'bearish' })).toEqual({
      direction: 'short',
      horizon: 'ml_scalp',
      positionType: 'ml_scalp_bearish',
    });
  });
});

describe('exits', () => {
  it('are ATR multiples of the horizon', () => {
    expect(exitsFor({ horizon: 'day', direction: 'long', atrPercent: 1, roundTripFeePercent: 0.2 })).toEqual({
      takeProfitPercent: 3,
      stopLossPercent: 2,
    });
    expect(
      exitsFor({ horizon: 'day', direction: 'balanced', atrPercent: 1, roundTripFeePercent: 0.2 }),
    ).toEqual({
      takeProfitPercent: 2,
      stopLossPercent: 2,
    });
  });

  it('widen together when the take-profit would not cover twice the fees', () => {
    const e = exitsFor({ horizon: 'scalp', direction: 'long', atrPercent: 0.3, roundTripFeePercent: 0.52 });
    expect(e.takeProfitPercent).toBeCloseTo(1.04, 12);
    expect(e.stopLossPercent).toBeCloseTo(1.04, 12);
    const h = exitsFor({ horizon: 'hedge', direction: 'short', atrPercent: 0.2, roundTripFeePercent: 0.52 });
    expect(h.stopLossPercent / h.takeProfitPercent).toBeCloseTo(0.5, 12);
  });

  it('range trades fade toward the middle band', () => {
    expect(sideOf('balanced', 105, 100)).toBe('sell');
    expect(sideOf('balanced', 95, 100)).toBe('buy');
    expect(sideOf('long', 105, 100)).toBe('buy');
    expect(sideOf('short', 95, 100)).toBe('sell');
  });
});
