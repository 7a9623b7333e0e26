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

/** What fills on one pair and side did to the exchange account, as the books recorded them. */
export interface TradeFlows {
  base: string;
  quote: string;
  side: 'buy' | 'sell';
  /** Base quantity, quote amount before the fee, and the fee (in the quote asset). */
  entry: { quantity: number; quote: number; fee: number };
  exit: { quantity: number; quote: number; fee: number };
}

/** What the trades imply the account moved, per asset (fees are in the quote asset). */
export function impliedHoldings(flows: TradeFlows[]): AssetAmounts {
  const held: AssetAmounts = {};
  const add = (asset: string, amount: number) => (held[asset] = (held[asset] ?? 0) + amount);
  for (const f of flows) {
    const sign = f.side === 'buy' ? 1 : -1;
    add(f.base, sign * (f.entry.quantity - f.exit.quantity));
    add(f.quote, -sign * f.entry.quote - f.entry.fee + sign * f.exit.quote - f.exit.fee);
  }
  return held;
}
