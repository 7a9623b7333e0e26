import { describe, expect, it } from 'vitest';
import type { GateFamily, LivePosition, PublicationGate } from '../../contract/signal-quality';
import { gateEmptyText } from './gate-empty-state';

const family = (name: string, passes: boolean): GateFamily => ({
  name,
  variant: 'v',
  variants: 8,
  signals: 200,
  hitRate: 0.6,
  meanNetPercent: 2,
  tStat: 3,
  sharpe: 2,
  deflatedSharpe: passes ? 0.99 : 0.6,
  pbo: 0.05,
  passes,
  misses: passes ? [] : ['deflated Sharpe 0.60 below 0.95'],
});

const position: LivePosition = {
  family: 'ts-trend',
  variant: 'v',
  symbol: 'BTC/USD',
  side: 'long',
  decidedAt: '2026-11-26T23:00:00.000Z',
  holdHours: 24,
  expectedProfitPercent: 2,
  lowerBoundPercent: 0.9,
  successRate: 60,
};

const gate = (families: GateFamily[], live: LivePosition[] = []): PublicationGate => ({
  pairs: 12,
  days: 180,
  trials: 76,
  feeSchedule: 'kraken-legacy',
  thresholds: { minDeflatedSharpe: 0.95, maxPbo: 0.2, minTStat: 1.645 },
  families,
  live,
  latestDecision: '2026-11-26T23:00:00.000Z',
});

describe('what an empty offers list says about the publication gate', () => {
  it('before the gate is judged', () => {
    expect(gateEmptyText(undefined)).toBe(
      'No offers yet: the publication gate has not judged the market data loaded at start-up. Offers appear once a strategy family passes it.',
    );
  });

  it('when no family passes', () => {
    expect(gateEmptyText(gate([family('ts-trend', false), family('xs-momentum', false)]))).toBe(
      'No strategy family passes the publication gate on this market, so HeatSignal publishes no offers: none has shown an edge that survives fees and the tests against luck here.',
    );
  });

  it('when the passing families hold nothing at the latest daily close', () => {
    expect(gateEmptyText(gate([family('ts-trend', true), family('xs-momentum', false)]))).toBe(
      'ts-trend passes the publication gate but holds no position at the latest daily close. New offers come with the next daily close that opens one.',
    );
    expect(gateEmptyText(gate([family('ts-trend', true), family('vol-regime', true)]))).toBe(
      'ts-trend, vol-regime pass the publication gate but hold no position at the latest daily close. New offers come with the next daily close that opens one.',
    );
  });

  it('nothing when a family holds positions: the list is empty for another reason', () => {
    expect(gateEmptyText(gate([family('ts-trend', true)], [position]))).toBe('');
  });
});
