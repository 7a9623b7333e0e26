import { describe, expect, it } from 'vitest';
import { createManualClock } from '../providers/market';
import { createSimulatedMarketSource } from '../providers/market/simulated';
import { pairGateOf, planGateOffers, positionEnd } from '../modules/offers/gate-offer';
import { CANDLE_WINDOWS } from '../modules/market/market.service';
import { judgeGate } from '../research/judge-gate';
import { DAY_MS, HOUR_MS } from '../shared/time';
import { PINNED_MARKET_SEED, PINNED_MARKET_START } from './pinned-market';

/**
 * The gate a server on the pinned market judges on what it has stored by `until`: the hours it
 * backfilled at its start, and those it has stored since.
 */
async function gateStoredUntil(until: number) {
  const source = createSimulatedMarketSource({
    seed: PINNED_MARKET_SEED,
    startTime: until,
    clock: createManualClock(0),
  });
  const since = PINNED_MARKET_START - CANDLE_WINDOWS['1h'].windowMs;
  const series = [];
  for (const { symbol } of await source.listPairs())
    series.push({ symbol, candles: await source.fetchCandles(symbol, '1h', since) });
  return judgeGate({ series, takerFeePercent: 0.26 });
}

describe('the pinned simulated market', () => {
  it('passes the publication gate at its start and offers positions on two pairs through the journey', async () => {
    const gate = await gateStoredUntil(PINNED_MARKET_START);
    expect(gate.families.find((f) => f.name === 'ts-trend')?.passes).toBe(true);
    // The journey's fast server (300× the wall clock) runs within its first nine market hours.
    const journeyEnd = PINNED_MARKET_START + 9 * HOUR_MS;
    const offered = gate.live.filter((p) => {
      const plan = planGateOffers(p.symbol, pairGateOf(gate, p.symbol), [], PINNED_MARKET_START);
      return plan.actions.some((a) => a.kind === 'create') && positionEnd(p) > journeyEnd;
    });
    expect(new Set(offered.map((p) => p.symbol)).size).toBeGreaterThanOrEqual(2);
    // Signal Quality's backtest rows are there from the start: the gate published in its walk-forward.
    expect(gate.backtest.rows.length).toBeGreaterThan(0);
  });

  it('lets every position it offers at the start go at the next daily close, so a trade taken then ends there', async () => {
    const atStart = await gateStoredUntil(PINNED_MARKET_START);
    const nextClose = Date.parse(atStart.latestDecision!) + DAY_MS;
    const atNextClose = await gateStoredUntil(nextClose + HOUR_MS);
    expect(atNextClose.latestDecision).toBe(new Date(nextClose).toISOString());
    // That close comes 12 market hours after the start: the journey's wait for it is short.
    expect(nextClose + HOUR_MS - PINNED_MARKET_START).toBe(12 * HOUR_MS);
    for (const position of atStart.live) {
      expect(positionEnd(position)).toBe(nextClose + HOUR_MS);
      const plan = planGateOffers(
        position.symbol,
        pairGateOf(atNextClose, position.symbol),
        [
          {
            id: position.symbol,
            positionType: position.side,
            family: position.family,
            decidedAt: position.decidedAt,
          },
        ],
        nextClose + HOUR_MS,
      );
      expect(plan.actions).toContainEqual({ kind: 'end', offerId: position.symbol });
    }
  });
});
