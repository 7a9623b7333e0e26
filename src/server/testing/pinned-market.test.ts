import { describe, expect, it } from 'vitest';
import { autoAnalysisConfigSchema } from '../../contract/admin-settings';
import { thresholdFailure } from '../modules/offers/offer-publisher';
import { createManualClock } from '../providers/market';
import { createSimulatedMarketSource } from '../providers/market/simulated';
import { analyzeSimulatedPair } from '../providers/market/simulated/analyze-at';
import { HOUR_MS } from '../shared/time';
import { PINNED_MARKET_SEED, PINNED_MARKET_START } from './pinned-market';

/** Pairs whose analysis at `at` passes the default thresholds, as the server's pipeline decides. */
async function publishingPairs(at: number): Promise<string[]> {
  const source = createSimulatedMarketSource({
    seed: PINNED_MARKET_SEED,
    startTime: at,
    clock: createManualClock(0),
  });
  const config = autoAnalysisConfigSchema.parse({});
  const passing: string[] = [];
  for (const { symbol } of await source.listPairs()) {
    const analysis = await analyzeSimulatedPair({ source, symbol, at, takerFeePercent: 0.26 });
    if (!thresholdFailure(analysis, config)) passing.push(symbol);
  }
  return passing;
}

describe('the pinned simulated market', () => {
  // The journey's fast server (300× the wall clock) analyses within its first nine market hours.
  it.each([0.5, 1.5, 3, 5, 7, 9])(
    'publishes offers on at least two pairs %s h after its start',
    async (hours) => {
      expect((await publishingPairs(PINNED_MARKET_START + hours * HOUR_MS)).length).toBeGreaterThanOrEqual(2);
    },
  );
});
