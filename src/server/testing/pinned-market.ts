/**
 * A moment of the simulated market whose offers are known, for the tests that need the engine to
 * publish on its own (the newcomer journey): from 00:00 UTC on 2026-11-07, with seed 42, the engine
 * publishes offers on two to five pairs at every hour of the next nine (pinned-market.test.ts
 * proves it). A market started from the wall clock may publish nothing for hours.
 */
export const PINNED_MARKET_START = Date.UTC(2026, 10, 7);
export const PINNED_MARKET_SEED = 42;

/** The environment of a server on the pinned market. */
export const pinnedMarketEnv = (): Record<string, string> => ({
  MARKET_SOURCE: 'simulated',
  SIM_SEED: String(PINNED_MARKET_SEED),
  SIM_MARKET_START: String(PINNED_MARKET_START),
});
