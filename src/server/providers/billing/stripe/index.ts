/**
 * `PAYMENTS_PROVIDER=stripe`: Pro is a Stripe Billing subscription to STRIPE_PRO_PRICE_ID, bought
 * through a hosted Checkout (official SDK) and kept current by Stripe's signature-verified
 * subscription events; the customer portal handles cards, invoices and cancelling. Stripe runs
 * the renewals and their retries: a subscription whose retries all fail ends `canceled` or
 * `unpaid`, as the account's settings say, and the event says so.
 */
import Stripe from 'stripe';
import { createStripeClient, type StripeApiOptions } from '../../payments/stripe/api';
import { STRIPE_WEBHOOK_TOLERANCE_SECONDS } from '../../payments/stripe';
import {
  BILLING_UNAVAILABLE_MESSAGE,
  BillingUnavailableError,
  BillingWebhookError,
  type BillingProvider,
  type SubscriptionState,
} from '../billing-provider';
import {
  readBillingEvent,
  toCheckoutParams,
  toSubscriptionState,
  userIdOf,
  type AnySubscription,
} from './transform';

export interface StripeBillingProviderOptions extends StripeApiOptions {
  /** STRIPE_PRO_PRICE_ID: the recurring price Checkout sells (price_…). */
  proPriceId: string;
  /** The signing secret (whsec_…) of the endpoint Stripe delivers subscription events to. */
  webhookSecret: string;
  /** The clock webhook timestamps are checked against; default Date.now. */
  clock?: () => number;
}

export function createStripeBillingProvider(options: StripeBillingProviderOptions): BillingProvider {
  const stripe = createStripeClient(options);
  const now = options.clock ?? Date.now;

  const stateOf = (subscription: AnySubscription): SubscriptionState => {
    try {
      return toSubscriptionState(subscription);
    } catch (error) {
      throw new BillingUnavailableError(BILLING_UNAVAILABLE_MESSAGE, { cause: error });
    }
  };
  const retrieve = (subscriptionId: string) => call(() => stripe.subscriptions.retrieve(subscriptionId));

  return {
    name: 'stripe',
    async createCheckout(input) {
      const session = await call(() =>
        stripe.checkout.sessions.create(toCheckoutParams(input, options.proPriceId)),
      );
      if (!session.url) throw new BillingUnavailableError(BILLING_UNAVAILABLE_MESSAGE);
      return { url: session.url };
    },
    async createPortal({ customerId, returnUrl }) {
      const session = await call(() =>
        stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
      );
      return { url: session.url };
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      let subscription = await call(() =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }),
      );
      // A cancellation made in the portal on flexible billing is a bare cancel_at: clear it too.
      if (!cancel && subscription.cancel_at !== null) {
        subscription = await call(() => stripe.subscriptions.update(subscriptionId, { cancel_at: '' }));
      }
      return stateOf(subscription);
    },
    async parseWebhook(rawBody, signatureHeader) {
      const event = verifiedEvent(stripe, rawBody, signatureHeader, options.webhookSecret, now());
      let read;
      try {
        read = readBillingEvent(event);
      } catch (error) {
        throw new BillingWebhookError(`Unreadable Stripe event ${event.id}: ${(error as Error).message}`);
      }
      if (!read) return null;
      const meta = { eventId: event.id, createdAt: new Date(event.created * 1000) };
      if (read.kind === 'checkout') {
        const subscription = await retrieve(read.subscriptionId);
        return { ...stateOf(subscription), ...meta, userId: read.userId ?? userIdOf(subscription) };
      }
      try {
        return { ...toSubscriptionState(read.subscription), ...meta, userId: userIdOf(read.subscription) };
      } catch (error) {
        throw new BillingWebhookError(`Unreadable Stripe event ${event.id}: ${(error as Error).message}`);
      }
    },
  };
}

/** Checks the signature over the raw body and the timestamp (the tolerance bounds replays). */
function verifiedEvent(
  stripe: Stripe,
  rawBody: Buffer | string,
  signatureHeader: string | undefined,
  secret: string,
  receivedAt: number,
): Stripe.Event {
  if (!signatureHeader) throw new BillingWebhookError('Missing Stripe-Signature header');
  try {
    return stripe.webhooks.constructEvent(
      rawBody,
      signatureHeader,
      secret,
      STRIPE_WEBHOOK_TOLERANCE_SECONDS,
      undefined,
      receivedAt,
    );
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) {
      throw new BillingWebhookError('Stripe webhook body is not a JSON event');
    }
    // The SDK's message goes on with advice and links; its first line says what failed.
    const reason = error.message.trim().split('\n')[0]?.split('. ')[0] ?? 'no valid signature';
    throw new BillingWebhookError(`Invalid Stripe signature: ${reason.replace(/\.$/, '')}`);
  }
}

/**
 * A Stripe call: not reaching Stripe, its 5xx, a rate limit or refused credentials answer the
 * generic message; a request Stripe refuses (an unknown price or customer, a canceled
 * subscription) answers Stripe's own message. Anything else is a defect and thrown as it is.
 */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const { errors } = Stripe;
    if (
      error instanceof errors.StripeConnectionError ||
      error instanceof errors.StripeAPIError ||
      error instanceof errors.StripeRateLimitError ||
      error instanceof errors.StripeAuthenticationError ||
      error instanceof errors.StripePermissionError ||
      (error instanceof errors.StripeError && (error.statusCode ?? 0) >= 500)
    ) {
      throw new BillingUnavailableError(BILLING_UNAVAILABLE_MESSAGE, { cause: error });
    }
    if (error instanceof errors.StripeError)
      throw new BillingUnavailableError(error.message, { cause: error });
    throw error;
  }
}
