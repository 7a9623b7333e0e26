/**
 * The Stripe SDK client, configured for charges a trader waits on: a bounded timeout and few
 * network retries (each retry reuses our idempotency key, so Stripe charges at most once). The
 * SDK pins its own API version; its types describe exactly that version.
 */
import Stripe from 'stripe';

/** Per attempt; a trader's deposit request waits at most about (retries + 1) × this. */
export const STRIPE_TIMEOUT_MS = 10_000;
export const STRIPE_NETWORK_RETRIES = 1;

/** Where Stripe's API lives; default api.stripe.com over https. Tests point it at the loopback fake. */
export interface StripeEndpoint {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface StripeApiOptions {
  /** STRIPE_SECRET_KEY (sk_... or a restricted rk_... key). */
  secretKey: string;
  endpoint?: StripeEndpoint;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

export function createStripeClient(options: StripeApiOptions): Stripe {
  return new Stripe(options.secretKey, {
    timeout: options.timeoutMs ?? STRIPE_TIMEOUT_MS,
    maxNetworkRetries: options.maxNetworkRetries ?? STRIPE_NETWORK_RETRIES,
    // No latency metrics sent to Stripe from a self-hosted install.
    telemetry: false,
    appInfo: { name: 'HeatSignal' },
    ...(options.endpoint && {
      host: options.endpoint.host,
      port: options.endpoint.port,
      protocol: options.endpoint.protocol,
    }),
  });
}
