import { describe, expect, it } from 'vitest';
import { createManualClock } from '../providers/market';
import { createSimulatedMarketSource } from '../providers/market/simulated';
import { pairGateOf, planGateOffers, positionEnd } from '../modules/offers/gate-offer';
import { CANDLE_WINDOWS } from '../modules/market/market.service';
import { judgeGate } from '../research/judge-gate';
import { HOUR_MS } from '../shared/time';
import { PINNED_MARKET_SEED, PINNED_MARKET_START } from './pinned-market';

/** The gate a fresh server on the pinned market judges at its first sync: all its backfilled hours. */
async function gateAtStart() {
  const source = createSimulatedMarketSource({
    seed: PINNED_MARKET_SEED,
    startTime: PINNED_MARKET_START,
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
    const gate = await gateAtStart();
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
});
