/**
 * Test helper: the JSON objects the fake Stripe answers with, in Stripe's shapes (API reference:
 * PaymentIntent, Event, error envelope), reduced to the fields a card PaymentIntent carries
 * (Billing's objects: fake-stripe-billing-objects.ts).
 */
import { randomBytes } from 'node:crypto';
import type { CardDecline, TestCard } from '../test-payment-methods';

export type Json = Record<string, unknown>;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Stripe-looking ids: prefix + 24 random letters and digits. */
export function stripeId(prefix: string): string {
  const bytes = randomBytes(24);
  return `${prefix}_${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export const unixSeconds = () => Math.floor(Date.now() / 1000);

export interface PaymentIntentInput {
  amount: number;
  currency: string;
  paymentMethod: string | null;
  /** As requested (allowed_payment_method_types); null when not restricted. */
  allowedTypes: string[] | null;
  metadata: Record<string, string>;
}

export function paymentIntentObject(input: PaymentIntentInput, status: string): Json {
  const id = stripeId('pi');
  return {
    id,
    object: 'payment_intent',
    amount: input.amount,
    amount_capturable: 0,
    amount_received: 0,
    capture_method: 'automatic',
    client_secret: `${id}_secret_${stripeId('s').slice(2)}`,
    confirmation_method: 'automatic',
    created: unixSeconds(),
    currency: input.currency,
    description: null,
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: input.metadata,
    payment_method: input.paymentMethod,
    allowed_payment_method_types: input.allowedTypes,
    // The types usable for this intent: the fake knows cards only.
    payment_method_types: ['card'],
    status,
    cancellation_reason: null,
    canceled_at: null,
  };
}

export function paymentMethodObject(id: string, card: TestCard): Json {
  return {
    id,
    object: 'payment_method',
    type: 'card',
    card: { brand: card.brand, last4: card.last4, funding: card.funding, country: 'US' },
    livemode: false,
  };
}

/** The `error` body of a 402 card error, also stored as the PaymentIntent's last_payment_error. */
export function cardErrorObject(decline: CardDecline, charge: string, paymentMethod: Json): Json {
  return {
    type: 'card_error',
    code: decline.code,
    decline_code: decline.declineCode,
    message: decline.message,
    charge,
    doc_url: `https://docs.stripe.com/error-codes/${decline.code.replaceAll('_', '-')}`,
    payment_method: paymentMethod,
  };
}

export function invalidRequestError(message: string, extra: { code?: string; param?: string } = {}): Json {
  return {
    error: {
      type: 'invalid_request_error',
      message,
      ...(extra.code && {
        code: extra.code,
        doc_url: `https://docs.stripe.com/error-codes/${extra.code.replaceAll('_', '-')}`,
      }),
      ...(extra.param && { param: extra.param }),
    },
  };
}

export function eventObject(input: {
  type: string;
  object: Json;
  apiVersion: string;
  /** Null for what Stripe does on its own (a renewal, a period's end). */
  requestId: string | null;
  idempotencyKey: string | null;
  /** Unix seconds; default now. */
  created?: number;
  /** With `*.updated` events: the changed fields' values before the change. */
  previousAttributes?: Json;
}): Json {
  return {
    id: stripeId('evt'),
    object: 'event',
    api_version: input.apiVersion,
    created: input.created ?? unixSeconds(),
    // A snapshot: later changes to the object do not alter an event already sent.
    data: {
      object: structuredClone(input.object),
      ...(input.previousAttributes && { previous_attributes: structuredClone(input.previousAttributes) }),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: input.requestId, idempotency_key: input.idempotencyKey },
    type: input.type,
  };
}
