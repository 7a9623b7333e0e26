/**
 * The front of the card payments port: picks the provider named by PAYMENTS_PROVIDER. Options
 * arrive as one typed object built from config; no provider reads process.env itself.
 */
import type { Config } from '../../config';
import type { CardProvider, CardProviderName } from './card-provider';
import { createSimulatedCardProvider } from './simulated';
import { createStripeCardProvider } from './stripe';
import type { StripeEndpoint } from './stripe/api';

export interface CardProviderConfig {
  provider: CardProviderName;
  /** STRIPE_SECRET_KEY (required for stripe). */
  stripeSecretKey?: string;
  /** STRIPE_WEBHOOK_SECRET (required for stripe). */
  stripeWebhookSecret?: string;
  /** Where Stripe's API lives; default api.stripe.com:443 over https (tests: the loopback fake). */
  stripeEndpoint?: StripeEndpoint;
  /** Per-attempt timeout of a Stripe call; default 10 s. */
  timeoutMs?: number;
  /** Stripe SDK retries on network errors, 409 and 5xx, under the same idempotency key; default 1. */
  maxNetworkRetries?: number;
  /** Clock for webhook timestamp checks (tests); default Date.now. */
  clock?: () => number;
}

export function createCardProvider(config: CardProviderConfig): CardProvider {
  const { provider } = config;
  switch (provider) {
    case 'simulated':
      return createSimulatedCardProvider();
    case 'stripe': {
      const { stripeSecretKey: secretKey, stripeWebhookSecret: webhookSecret } = config;
      if (!secretKey || !webhookSecret) {
        throw new Error('PAYMENTS_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
      }
      return createStripeCardProvider({
        secretKey,
        webhookSecret,
        ...(config.stripeEndpoint && { endpoint: config.stripeEndpoint }),
        ...(config.timeoutMs !== undefined && { timeoutMs: config.timeoutMs }),
        ...(config.maxNetworkRetries !== undefined && { maxNetworkRetries: config.maxNetworkRetries }),
        ...(config.clock && { clock: config.clock }),
      });
    }
    default:
      return unreachable(provider);
  }
}

/** The card provider's settings from the validated environment (PAYMENTS_PROVIDER, STRIPE_*). */
export function cardProviderConfigFrom(config: Config): CardProviderConfig {
  const base = config.env.STRIPE_API_BASE ? new URL(config.env.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? 'http' : 'https';
  return {
    provider: config.paymentsProvider,
    stripeSecretKey: config.env.STRIPE_SECRET_KEY,
    stripeWebhookSecret: config.env.STRIPE_WEBHOOK_SECRET,
    ...(base && {
      stripeEndpoint: {
        host: base.hostname,
        port: base.port ? Number(base.port) : protocol === 'http' ? 80 : 443,
        protocol,
      },
    }),
  };
}

function unreachable(value: never): never {
  throw new Error(`Unknown card provider: ${String(value)}`);
}

export type {
  CardProvider,
  CardProviderName,
  CardWebhookEvent,
  ChargeRequest,
  ChargeResult,
} from './card-provider';
export {
  assertChargeAmount,
  CARD_PROVIDER_UNAVAILABLE_MESSAGE,
  CardProviderUnavailableError,
  CardWebhookError,
  DEPOSIT_DECLINE_STATUS,
} from './card-provider';
export type { StripeEndpoint } from './stripe/api';
