/**
 * `PAYMENTS_PROVIDER=stripe`: a deposit is a card PaymentIntent created and confirmed in one call
 * (official SDK) under our idempotency key; the deposit then completes or fails from Stripe's
 * signature-verified webhook (see transform.ts for why even an immediate success waits for it).
 */
import Stripe from 'stripe';
import { assertChargeAmount, CardWebhookError, type CardProvider } from '../card-provider';
import { createStripeClient, type StripeApiOptions } from './api';
import {
  chargeResultFromError,
  toCardWebhookEvent,
  toChargeResult,
  toPaymentIntentParams,
} from './transform';

/** Stripe's default: a signed event older than this (seconds) is refused, which bounds replays. */
export const STRIPE_WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeCardProviderOptions extends StripeApiOptions {
  /** STRIPE_WEBHOOK_SECRET (whsec_...) of the endpoint Stripe delivers to. */
  webhookSecret: string;
  /** The clock webhook timestamps are checked against; default Date.now. */
  clock?: () => number;
}

export function createStripeCardProvider(options: StripeCardProviderOptions): CardProvider {
  const stripe = createStripeClient(options);
  const now = options.clock ?? Date.now;
  return {
    name: 'stripe',
    async charge(request) {
      assertChargeAmount(request.amountCents);
      if (!request.idempotencyKey) throw new RangeError('A charge needs an idempotency key');
      try {
        const intent = await stripe.paymentIntents.create(toPaymentIntentParams(request), {
          idempotencyKey: request.idempotencyKey,
        });
        return toChargeResult(intent);
      } catch (error) {
        return chargeResultFromError(error);
      }
    },
    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new CardWebhookError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          STRIPE_WEBHOOK_TOLERANCE_SECONDS,
          undefined,
          now(),
        );
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new CardWebhookError(`Invalid Stripe signature: ${firstSentence(error.message)}`);
        }
        throw new CardWebhookError('Stripe webhook body is not a JSON event');
      }
      return toCardWebhookEvent(event);
    },
  };
}

/** The SDK's messages go on with advice and links; the first sentence says what failed. */
function firstSentence(message: string): string {
  const line = message.trim().split('\n')[0] ?? message;
  const end = line.indexOf('. ');
  return end === -1 ? line.trim() : line.slice(0, end + 1);
}
