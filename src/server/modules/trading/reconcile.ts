/**
 * Reconciliation's arithmetic, pure. What the exchange should hold of each asset is what it held
 * at the baseline plus what the platform's trades moved since: the trades' implied holdings now
 * less at the baseline. Anything else that moved (a fill the books never saw, a withdrawal made
 * by hand, a booking the exchange never made) is drift.
 */
import type { AssetAmounts, ReconciledAsset } from '../../db/schema/reconciliation';

/** Below this an asset's units are rounding, not drift (Kraken states at most 10 decimals). */
const DUST = 1e-9;

export interface Baseline {
  exchange: AssetAmounts;
  implied: AssetAmounts;
}

export interface Reconciled {
  assets: ReconciledAsset[];
  drifted: boolean;
}

/**
 * Each asset seen anywhere, with its drift; `usdPrice` prices a unit of an asset in dollars (null
 * when unknown: then any drift beyond dust counts), and a drift beyond `toleranceUsd` counts.
 */
export function reconcile(
  now: Baseline,
  baseline: Baseline,
  usdPrice: (asset: string) => number | null,
  toleranceUsd: number,
): Reconciled {
  const names = new Set([
    ...Object.keys(now.exchange),
    ...Object.keys(now.implied),
    ...Object.keys(baseline.exchange),
    ...Object.keys(baseline.implied),
  ]);
  const assets = [...names].sort().map((asset): ReconciledAsset => {
    const expected =
      (baseline.exchange[asset] ?? 0) + (now.implied[asset] ?? 0) - (baseline.implied[asset] ?? 0);
    const exchange = now.exchange[asset] ?? 0;
    const drift = exchange - expected;
    const price = usdPrice(asset);
    return { asset, exchange, expected, drift, driftUsd: price === null ? null : drift * price };
  });
  const drifted = assets.some((a) =>
    a.driftUsd === null ? Math.abs(a.drift) > DUST : Math.abs(a.driftUsd) > toleranceUsd,
  );
  return { assets, drifted };
}

/** One trade's effect on the exchange account, as the books recorded its fills. */
export interface TradeFlows {
  base: string;
  quote: string;
  side: 'buy' | 'sell';
  quantity: number;
  /** Entry: quote paid (buy) or received (sell), and its fee; null when the entry never filled. */
  entry: { quote: number; fee: number } | null;
  /** Exit: null while open. */
  exit: { quote: number; fee: number } | null;
}

/** What the trades imply the account moved, per asset (fees are in the quote asset). */
export function impliedHoldings(trades: TradeFlows[]): AssetAmounts {
  const held: AssetAmounts = {};
  const add = (asset: string, amount: number) => (held[asset] = (held[asset] ?? 0) + amount);
  for (const t of trades) {
    const sign = t.side === 'buy' ? 1 : -1;
    if (t.entry) {
      add(t.base, sign * t.quantity);
      add(t.quote, -sign * t.entry.quote - t.entry.fee);
    }
    if (t.exit) {
      add(t.base, -sign * t.quantity);
      add(t.quote, sign * t.exit.quote - t.exit.fee);
    }
  }
  return held;
}
