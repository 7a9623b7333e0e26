/**
 * Which plan a trader is on, from their subscription as the provider last described it. Pro holds
 * while the provider keeps the subscription alive (active, trialing, or past_due while it retries
 * a renewal) and, when cancelled at period end, until that end; anything else is Free. The accept's
 * step A applies the same rule in SQL (migration 0019, `open_trade_checked`).
 */
import type { PlanName } from '../../../contract/billing';

const ALIVE = new Set(['active', 'trialing', 'past_due']);

export interface StoredSubscription {
  status: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export function planOf(subscription: StoredSubscription | null | undefined, at: Date): PlanName {
  if (!subscription || !ALIVE.has(subscription.status)) return 'free';
  if (subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd <= at) return 'free';
  return 'pro';
}
