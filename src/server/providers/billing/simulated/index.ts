/**
 * `PAYMENTS_PROVIDER=simulated` (default): Pro is bought at once with a simulated card, as a
 * simulated deposit succeeds at once. There is no portal and nothing arrives by webhook.
 *
 * Stateless, so nothing is lost on a restart: the plans module stores the state it is given. The
 * ids carry what the answers are computed from: `sim_cus_<userId>` and
 * `sim_sub_<userId>_<start, unix seconds>`. A simulated subscription renews every 30 days from its
 * start (the simulated card always pays), so `currentPeriodEnd` is the end of the 30-day period
 * the clock stands in; cancelling or resuming never moves it. A subscription cancelled at period
 * end is over once `currentPeriodEnd` has passed: no event says so.
 */
import {
  BillingUnavailableError,
  BillingWebhookError,
  type BillingProvider,
  type SubscriptionState,
} from '../billing-provider';

export const SIMULATED_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;
export const SIMULATED_NO_PORTAL_MESSAGE = 'The simulated provider has no customer portal';
export const SIMULATED_WEBHOOK_MESSAGE = 'Webhooks are not used with the simulated billing provider';

export interface SimulatedBillingOptions {
  /** Milliseconds since the epoch; default Date.now. */
  clock?: () => number;
}

export function createSimulatedBillingProvider(options: SimulatedBillingOptions = {}): BillingProvider {
  const now = options.clock ?? Date.now;
  return {
    name: 'simulated',
    async createCheckout({ userId, successUrl }) {
      if (!userId) throw new RangeError('A checkout needs a user id');
      const startSeconds = Math.floor(now() / 1000);
      const subscriptionId = `sim_sub_${userId}_${startSeconds}`;
      return { url: successUrl, subscription: { ...stateOf(subscriptionId, false, now()), userId } };
    },
    createPortal() {
      return Promise.reject(new BillingUnavailableError(SIMULATED_NO_PORTAL_MESSAGE));
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return stateOf(subscriptionId, cancel, now());
    },
    parseWebhook() {
      return Promise.reject(new BillingWebhookError(SIMULATED_WEBHOOK_MESSAGE));
    },
  };
}

/** The state of a simulated subscription at `at`, recomputed from its id. */
function stateOf(subscriptionId: string, cancelAtPeriodEnd: boolean, at: number): SubscriptionState {
  const match = /^sim_sub_(.+)_(\d+)$/.exec(subscriptionId);
  if (!match?.[1] || !match[2])
    throw new BillingUnavailableError(`No such subscription: '${subscriptionId}'`);
  const start = Number(match[2]) * 1000;
  const periods = at < start ? 1 : Math.floor((at - start) / SIMULATED_PERIOD_MS) + 1;
  return {
    customerId: `sim_cus_${match[1]}`,
    subscriptionId,
    status: 'active',
    currentPeriodEnd: new Date(start + periods * SIMULATED_PERIOD_MS),
    cancelAtPeriodEnd,
  };
}
