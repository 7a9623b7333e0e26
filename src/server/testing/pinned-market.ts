/**
 * A moment of the simulated market whose offers are known, for the tests that need the engine to
 * publish on its own (the newcomer journey): at 12:00 UTC on 2026-11-05, with seed 42, the
 * publication gate passes on the backfilled history, its positions are offers on at least two pairs
 * for the next nine hours, and the family lets all of them go at the next daily close, so a trade
 * taken from one ends within 12 market hours of the start (pinned-market.test.ts proves it).
 *
 * Midday, not midnight: the journey's trade may run until that close, and the browser steps before
 * its accept take under nine market hours at the journey's speed, so a start 24 hours before the close left the
 * journey waiting some 200 s of nothing for it.
 */
export const PINNED_MARKET_START = Date.UTC(2026, 10, 5, 12);
export const PINNED_MARKET_SEED = 42;

/** The environment of a server on the pinned market. */
export const pinnedMarketEnv = (): Record<string, string> => ({
  MARKET_SOURCE: 'simulated',
  SIM_SEED: String(PINNED_MARKET_SEED),
  SIM_MARKET_START: String(PINNED_MARKET_START),
});
