/**
 * Kraken's order minimums (AssetPairs of 2026-01, ../shared/fixtures/kraken/AssetPairs.json),
 * for the sources that have no exchange to ask: the simulated and replay markets. Kraken sets
 * `ordermin` per base asset (the same on every quote) and `costmin` per quote currency, so a pair
 * is looked up by its two halves. A half Kraken does not list stays unknown rather than guessed.
 */
import type { MarketPair } from './market-source';

/** `ordermin`, base quantity. */
export const KRAKEN_ORDER_MIN_BY_BASE: Readonly<Record<string, number>> = {
  BTC: 0.00005,
  ETH: 0.001,
  SOL: 0.02,
  XRP: 1.65,
  ADA: 4.4,
  DOGE: 13,
  DOT: 0.6,
  LINK: 0.2,
  LTC: 0.04,
  AVAX: 0.1,
  ATOM: 0.5,
  XLM: 12,
};

/** `costmin`, quote amount. */
export const KRAKEN_COST_MIN_BY_QUOTE: Readonly<Record<string, number>> = {
  USD: 0.5,
  USDT: 0.5,
  USDC: 0.5,
  EUR: 0.45,
  GBP: 0.43,
  CHF: 0.5,
  CAD: 1,
  AUD: 1,
  JPY: 50,
  BTC: 0.00002,
};

export function krakenOrderLimits(base: string, quote: string): Pick<MarketPair, 'orderMin' | 'costMin'> {
  const orderMin = KRAKEN_ORDER_MIN_BY_BASE[base];
  const costMin = KRAKEN_COST_MIN_BY_QUOTE[quote];
  return {
    ...(orderMin !== undefined && { orderMin }),
    ...(costMin !== undefined && { costMin }),
  };
}
