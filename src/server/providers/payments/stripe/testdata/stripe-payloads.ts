/**
 * Stripe payloads for the transform tests, written out by hand in the shapes of Stripe's API
 * reference (Event, PaymentIntent, error object) as a `payment_method=pm_card_...` test-mode
 * charge produces them; trimmed to the fields that matter plus a few that do not. Independent of
 * the fake server, so the transforms are not only checked against our own fake.
 */

const intentBase = {
  object: 'payment_intent',
  amount: 2500,
  amount_capturable: 0,
  capture_method: 'automatic_async',
  client_secret: 'pi_3QabcDEF123ghi456JKL789m_secret_xyz',
  confirmation_method: 'automatic',
  created: 1_795_000_000,
  currency: 'usd',
  livemode: false,
  metadata: { paymentId: '3f1c2a9e-5b7d-4c1e-9a8b-0d2e4f6a8c0e', userId: 'user_42' },
  allowed_payment_method_types: ['card'],
  payment_method_types: ['card'],
};

export const succeededEvent = {
  id: 'evt_3QabcDEF123ghi456JKL789n',
  object: 'event',
  api_version: '2026-10-28.endive',
  created: 1_795_000_001,
  data: {
    object: {
      ...intentBase,
      id: 'pi_3QabcDEF123ghi456JKL789m',
      amount_received: 2500,
      last_payment_error: null,
      latest_charge: 'ch_3QabcDEF123ghi456JKL789o',
      payment_method: 'pm_1QabcDEF123ghi456JKL789p',
      status: 'succeeded',
    },
  },
  livemode: false,
  pending_webhooks: 1,
  request: { id: 'req_AbCdEf123456', idempotency_key: '3f1c2a9e-5b7d-4c1e-9a8b-0d2e4f6a8c0e' },
  type: 'payment_intent.succeeded',
};

const insufficientFunds = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
  charge: 'ch_3QzyxWVU987tsr654QPO321n',
  doc_url: 'https://docs.stripe.com/error-codes/card-declined',
  payment_method: { id: 'pm_1QzyxWVU987tsr654QPO321m', object: 'payment_method', type: 'card' },
};

export const failedIntent = {
  ...intentBase,
  id: 'pi_3QzyxWVU987tsr654QPO321k',
  amount_received: 0,
  last_payment_error: insufficientFunds,
  latest_charge: 'ch_3QzyxWVU987tsr654QPO321n',
  payment_method: null,
  status: 'requires_payment_method',
};

export const paymentFailedEvent = {
  ...succeededEvent,
  id: 'evt_3QzyxWVU987tsr654QPO321j',
  data: { object: failedIntent },
  type: 'payment_intent.payment_failed',
};

/** The 402 answer's `error` object (the SDK turns it into a StripeCardError). */
export const cardErrorBody = { ...insufficientFunds, payment_intent: failedIntent };

export const chargeSucceededEvent = {
  ...succeededEvent,
  id: 'evt_3QchargeSucceeded000000a',
  data: { object: { id: 'ch_3QabcDEF123ghi456JKL789o', object: 'charge', status: 'succeeded' } },
  type: 'charge.succeeded',
};
