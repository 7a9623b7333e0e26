import { describe, expect, it } from 'vitest';
import { impliedHoldings, reconcile } from './reconcile';

const btc = { base: 'XXBT', quote: 'ZUSD', side: 'buy' as const };
const usd = (asset: string) => (asset === 'ZUSD' ? 1 : asset === 'XXBT' ? 100_000 : null);

describe('reconciliation arithmetic', () => {
  it('implies what fills moved: a buy adds base and spends cost and fee, its exit gives back', () => {
    // An open buy of 0.01 BTC for 1,000 (fee 4) and a closed one of 0.02: 2,000 (fee 8) out, 2,100 (fee 8.4) back.
    const held = impliedHoldings([
      {
        ...btc,
        entry: { quantity: 0.03, quote: 3000, fee: 12 },
        exit: { quantity: 0.02, quote: 2100, fee: 8.4 },
      },
    ]);
    expect(held.XXBT).toBeCloseTo(0.01, 12);
    expect(held.ZUSD).toBeCloseTo(-1004 - 2008 + 2091.6, 9);
  });

  it('expects the baseline plus what the books moved since, and flags what else moved', () => {
    const baseline = { exchange: { ZUSD: 10_000, XXBT: 0.5 }, implied: { ZUSD: -3000, XXBT: 0.03 } };
    // Since the baseline the books bought 0.01 BTC for 1,004 dollars in all.
    const books = { ZUSD: -4004, XXBT: 0.04 };
    const matching = reconcile({ exchange: { ZUSD: 8996, XXBT: 0.51 }, implied: books }, baseline, usd, 1);
    expect(matching.drifted).toBe(false);
    expect(matching.assets.map((a) => [a.asset, a.expected])).toEqual([
      ['XXBT', expect.closeTo(0.51, 12)],
      ['ZUSD', 8996],
    ]);

    // The exchange filled 0.002 BTC more than the books know: 200 dollars of drift.
    const drifted = reconcile({ exchange: { ZUSD: 8996, XXBT: 0.512 }, implied: books }, baseline, usd, 1);
    expect(drifted.drifted).toBe(true);
    expect(drifted.assets.find((a) => a.asset === 'XXBT')?.driftUsd).toBeCloseTo(200, 6);
  });

  it('tolerates drift within the dollars allowed, and any unpriced asset beyond dust counts', () => {
    const baseline = { exchange: { ZUSD: 100 }, implied: {} };
    expect(reconcile({ exchange: { ZUSD: 100.5 }, implied: {} }, baseline, usd, 1).drifted).toBe(false);
    expect(reconcile({ exchange: { ZUSD: 101.5 }, implied: {} }, baseline, usd, 1).drifted).toBe(true);
    expect(reconcile({ exchange: { ZUSD: 100, XETH: 0.001 }, implied: {} }, baseline, usd, 1).drifted).toBe(
      true,
    );
  });
});
