/**
 * The twelve simulated USD pairs. Levels, volatility and turnover are in the range of the real
 * markets in 2025-26 (Kraken USD books); exchange symbols and price decimals are Kraken's, so a
 * database filled by the simulation looks like one filled from Kraken.
 */
export interface PairProfile {
  base: string;
  /** Kraken altname, e.g. XBTUSD. */
  exchangeSymbol: string;
  /** Long-run price level the path reverts to (slowly). */
  price: number;
  /** Annualised volatility of hourly log returns in calm conditions. */
  annualVolatility: number;
  /** Typical quote (USD) turnover per hour. */
  hourlyQuoteVolume: number;
  /** Typical best bid/ask spread in basis points at average volatility. */
  spreadBps: number;
  /** Price decimals (Kraken `pair_decimals`). */
  decimals: number;
  /** Loading on the common crypto factor (correlation with the market). */
  marketLoading: number;
}

export const SIMULATED_QUOTE = 'USD';

export const PAIR_PROFILES: readonly PairProfile[] = [
  profile('BTC', 'XBTUSD', 95_000, 0.5, 12e6, 0.3, 1, 0.9),
  profile('ETH', 'ETHUSD', 3_400, 0.68, 6e6, 0.5, 2, 0.85),
  profile('SOL', 'SOLUSD', 190, 0.85, 2e6, 1.5, 2, 0.75),
  profile('XRP', 'XRPUSD', 2.4, 0.85, 2e6, 2, 5, 0.7),
  profile('ADA', 'ADAUSD', 0.8, 0.9, 5e5, 3, 6, 0.72),
  profile('DOGE', 'XDGUSD', 0.3, 1.0, 8e5, 3, 7, 0.7),
  profile('DOT', 'DOTUSD', 7, 0.9, 2e5, 4, 4, 0.72),
  profile('LINK', 'LINKUSD', 20, 0.9, 4e5, 3, 5, 0.72),
  profile('LTC', 'LTCUSD', 100, 0.75, 4e5, 3, 2, 0.75),
  profile('AVAX', 'AVAXUSD', 35, 0.95, 3e5, 4, 2, 0.72),
  profile('ATOM', 'ATOMUSD', 7, 0.9, 1.5e5, 5, 4, 0.68),
  profile('XLM', 'XLMUSD', 0.4, 0.85, 1.5e5, 5, 6, 0.65),
];

function profile(
  base: string,
  exchangeSymbol: string,
  price: number,
  annualVolatility: number,
  hourlyQuoteVolume: number,
  spreadBps: number,
  decimals: number,
  marketLoading: number,
): PairProfile {
  return {
    base,
    exchangeSymbol,
    price,
    annualVolatility,
    hourlyQuoteVolume,
    spreadBps,
    decimals,
    marketLoading,
  };
}
