/**
 * The front of the billing port: the same PAYMENTS_PROVIDER as deposits picks it, so a server
 * sells Pro through the card provider it takes deposits with. Options arrive as one typed object
 * built from config; no provider reads process.env itself.
 */
import type { Config } from '../../config';
import { cardProviderConfigFrom, type CardProviderConfig } from '../payments';
import type { BillingProvider } from './billing-provider';
import { createSimulatedBillingProvider } from './simulated';
import { createStripeBillingProvider } from './stripe';

/** The card provider's settings (the same Stripe account and endpoint), plus the price Pro is sold at. */
export interface BillingProviderConfig extends CardProviderConfig {
  /** STRIPE_PRO_PRICE_ID (required for stripe): the recurring price Checkout sells. */
  stripeProPriceId?: string;
}

export function createBillingProvider(config: BillingProviderConfig): BillingProvider {
  const { provider, stripeSecretKey, stripeWebhookSecret, stripeProPriceId, stripeEndpoint, ...rest } =
    config;
  switch (provider) {
    case 'simulated':
      return createSimulatedBillingProvider(rest.clock ? { clock: rest.clock } : {});
    case 'stripe':
      if (!stripeSecretKey || !stripeWebhookSecret || !stripeProPriceId) {
        throw new Error(
          'PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PRO_PRICE_ID',
        );
      }
      // rest: the timeout, the SDK's network retries and the clock, as for deposits.
      return createStripeBillingProvider({
        secretKey: stripeSecretKey,
        webhookSecret: stripeWebhookSecret,
        proPriceId: stripeProPriceId,
        ...(stripeEndpoint && { endpoint: stripeEndpoint }),
        ...rest,
      });
    default:
      return unreachable(provider);
  }
}

/** The billing provider's settings from the validated environment (PAYMENTS_PROVIDER, STRIPE_*). */
export function billingProviderConfigFrom(config: Config): BillingProviderConfig {
  return { ...cardProviderConfigFrom(config), stripeProPriceId: config.stripeProPriceId };
}

function unreachable(value: never): never {
  throw new Error(`Unknown billing provider: ${String(value)}`);
}

export type {
  BillingProvider,
  BillingProviderName,
  SubscriptionEvent,
  SubscriptionState,
  SubscriptionStatus,
} from './billing-provider';
export {
  BILLING_UNAVAILABLE_MESSAGE,
  BillingUnavailableError,
  BillingWebhookError,
} from './billing-provider';
