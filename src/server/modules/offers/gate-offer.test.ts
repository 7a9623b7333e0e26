import { describe, expect, it } from 'vitest';
import type { PublicationGate } from '../../../contract/signal-quality';
import { HOUR_MS } from '../../shared/time';
import {
  HOLD_ON_GRACE_MS,
  describeGateOffer,
  pairGateOf,
  planGateOffers,
  positionEnd,
  type GatePosition,
  type LiveGateOffer,
  type PairGate,
} from './gate-offer';

const DAY1 = '2026-11-20T23:00:00.000Z';
const DAY2 = '2026-11-21T23:00:00.000Z';
const at = (iso: string, hours = 0) => Date.parse(iso) + hours * HOUR_MS;

const position = (over: Partial<GatePosition> = {}): GatePosition => ({
  family: 'ts-trend',
  variant: 'breakout=5d',
  symbol: 'BTC/USD',
  side: 'long',
  decidedAt: DAY1,
  holdHours: 24,
  expectedProfitPercent: 2.4,
  lowerBoundPercent: 1.1,
  successRate: 61,
  trades: 180,
  tStat: 3.1,
  deflatedSharpe: 0.99,
  pbo: 0.04,
  trials: 76,
  ...over,
});

const gateWith = (positions: GatePosition[], latest = DAY1): PairGate => ({
  passing: ['ts-trend'],
  latestDecision: Date.parse(latest),
  positions,
});

const liveOffer = (over: Partial<LiveGateOffer> = {}): LiveGateOffer => ({
  id: 'offer-1',
  positionType: 'long',
  family: 'ts-trend',
  decidedAt: DAY1,
  ...over,
});

/** The stored gate these positions come from, as the backtest report holds it. */
const storedGate = (families: PublicationGate['families'], positions: GatePosition[]): PublicationGate => ({
  pairs: 2,
  days: 180,
  trials: 76,
  feeSchedule: 'taker 0.26 %',
  thresholds: { minDeflatedSharpe: 0.95, maxPbo: 0.2, minTStat: 1.645 },
  families,
  live: positions.map(({ trades: _t, tStat: _s, deflatedSharpe: _d, pbo: _p, trials: _n, ...p }) => p),
  latestDecision: DAY1,
});

describe('a position of a family that passes the gate', () => {
  it('ends at the close of its last held hour: entry at the next open, plus its hold', () => {
    expect(positionEnd(position())).toBe(at(DAY1, 25));
  });

  it('becomes an offer while its hold runs, and not once it ended unextended', () => {
    const gate = gateWith([position()]);
    expect(planGateOffers('BTC/USD', gate, [], at(DAY1, 3))).toEqual({
      actions: [{ kind: 'create', position: position() }],
      skippedBecause: null,
    });
    const late = at(DAY1, 25) + HOLD_ON_GRACE_MS;
    expect(planGateOffers('BTC/USD', gate, [], late)).toEqual({
      actions: [],
      skippedBecause: 'the position on BTC/USD ended before the next daily close was judged',
    });
  });

  it('is not offered again while its offer is live, and is extended by the next close that holds it', () => {
    const live = [liveOffer()];
    expect(planGateOffers('BTC/USD', gateWith([position()]), live, at(DAY1, 5))).toEqual({
      actions: [],
      skippedBecause: null,
    });
    const held = position({ decidedAt: DAY2 });
    expect(planGateOffers('BTC/USD', gateWith([held], DAY2), live, at(DAY2, 1.1))).toEqual({
      actions: [{ kind: 'extend', offerId: 'offer-1', position: held }],
      skippedBecause: null,
    });
  });

  it('ends its offer once a later close no longer holds it, but not on a gate that has not seen one', () => {
    const live = [liveOffer()];
    expect(planGateOffers('BTC/USD', gateWith([], DAY2), live, at(DAY2, 1.1)).actions).toEqual([
      { kind: 'end', offerId: 'offer-1' },
    ]);
    expect(planGateOffers('BTC/USD', gateWith([], DAY1), live, at(DAY1, 5)).actions).toEqual([]);
  });

  it('ends the offer when its family stops passing, and keeps its slot until it has expired', () => {
    const other = position({ family: 'vol-regime', decidedAt: DAY2 });
    const plan = planGateOffers('BTC/USD', gateWith([other], DAY2), [liveOffer()], at(DAY2, 2));
    expect(plan.actions).toEqual([{ kind: 'end', offerId: 'offer-1' }]);
  });

  it('is never offered without a 95 % lower bound above zero', () => {
    const plan = planGateOffers(
      'BTC/USD',
      gateWith([position({ lowerBoundPercent: -0.1 })]),
      [],
      at(DAY1, 2),
    );
    expect(plan).toEqual({
      actions: [],
      skippedBecause: "the 95 % lower bound of BTC/USD's expected profit is not above zero",
    });
  });

  it('offers one position per analysis, the best lower bound first', () => {
    const long = position({ lowerBoundPercent: 0.5 });
    const short = position({ side: 'short', family: 'xs-reversal', lowerBoundPercent: 0.9 });
    const gate = pairGateOf(
      storedGate([family('ts-trend', true), family('xs-reversal', true)], [long, short]),
      'BTC/USD',
    );
    const { actions } = planGateOffers('BTC/USD', gate, [], at(DAY1, 2));
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({ kind: 'create', position: { family: 'xs-reversal', side: 'short' } });
  });
});

function family(name: string, passes: boolean): PublicationGate['families'][number] {
  return {
    name,
    variant: 'v',
    variants: 4,
    signals: 120,
    hitRate: 0.6,
    meanNetPercent: 1,
    tStat: 2.5,
    sharpe: 2,
    deflatedSharpe: passes ? 0.99 : 0.5,
    pbo: 0.05,
    passes,
    misses: passes ? [] : ['deflated Sharpe 0.50 below 0.95'],
  };
}

describe("the gate's word on a pair", () => {
  const gate = storedGate(
    [family('ts-trend', true), family('volume-shock', false)],
    [position(), position({ symbol: 'ETH/USD' }), position({ family: 'volume-shock' })],
  );

  it("keeps the pair's positions of passing families, with the family's figures", () => {
    const pair = pairGateOf(gate, 'BTC/USD')!;
    expect(pair.passing).toEqual(['ts-trend']);
    expect(pair.latestDecision).toBe(Date.parse(DAY1));
    expect(pair.positions).toEqual([
      { ...position(), trades: 120, tStat: 2.5, deflatedSharpe: 0.99, pbo: 0.05, trials: 76 },
    ]);
  });

  it('says plainly why nothing is offered', () => {
    expect(planGateOffers('BTC/USD', null, [], 0).skippedBecause).toBe(
      'the publication gate has not been judged yet',
    );
    const none = pairGateOf({ ...gate, families: [family('ts-trend', false)], live: [] }, 'BTC/USD');
    expect(planGateOffers('BTC/USD', none, [], 0).skippedBecause).toBe(
      'no strategy family passes the publication gate',
    );
    expect(planGateOffers('SOL/USD', pairGateOf(gate, 'SOL/USD'), [], 0).skippedBecause).toBe(
      'no family that passes the publication gate (ts-trend) holds SOL/USD at its latest daily close',
    );
  });

  it('describes the offer with the figures that let it through', () => {
    expect(describeGateOffer('BTC/USD', position())).toBe(
      'BTC/USD: the ts-trend family (breakout=5d) holds long from the daily close of 2026-11-20 for 24 h, ' +
        'to be extended while it holds on. On the stored candles its 180 trades netted +2.40 % each after ' +
        'fees and slippage (t 3.10, 95 % lower bound +1.10 %), 61 % of them in profit; deflated Sharpe 0.99 ' +
        'over 76 variants tried, PBO 0.04. Like those trades, the offer holds to its end without ' +
        'take-profit or stop-loss.',
    );
  });
});
