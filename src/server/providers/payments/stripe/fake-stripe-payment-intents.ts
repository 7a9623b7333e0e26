/**
 * Test helper: what the fake Stripe does with `POST /v1/payment_intents`, following Stripe's test
 * mode for the documented test payment methods (../test-payment-methods.ts). Answers the HTTP
 * status and body, the PaymentIntent it stored (if any) and the events Stripe would send.
 */
import { testChargeOutcome } from '../test-payment-methods';
import type { FormValue } from './fake-stripe-form';
import {
  cardErrorObject,
  invalidRequestError,
  paymentIntentObject,
  paymentMethodObject,
  stripeId,
  type Json,
} from './fake-stripe-objects';

export interface CreateResult {
  status: number;
  body: Json;
  intent?: Json;
  /** Event types in the order Stripe emits them, each about `intent`. */
  events: string[];
}

const refuse = (message: string, extra: { code?: string; param?: string } = {}): CreateResult => ({
  status: 400,
  body: invalidRequestError(message, extra),
  events: [],
});

export function createPaymentIntent(params: Record<string, FormValue>): CreateResult {
  const amountText = params.amount;
  if (amountText === undefined) {
    return refuse('Missing required param: amount.', { code: 'parameter_missing', param: 'amount' });
  }
  if (typeof amountText !== 'string' || !/^\d+$/.test(amountText)) {
    return refuse(`Invalid integer: ${JSON.stringify(amountText)}`, {
      code: 'parameter_invalid_integer',
      param: 'amount',
    });
  }
  const currency = params.currency;
  if (typeof currency !== 'string' || !currency) {
    return refuse('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
  }
  const amount = Number(amountText);
  const paymentMethod = typeof params.payment_method === 'string' ? params.payment_method : null;
  const metadata = isStringRecord(params.metadata) ? params.metadata : {};
  const allowed = params.allowed_payment_method_types ?? params.payment_method_types;
  const allowedTypes = Array.isArray(allowed)
    ? allowed.filter((t): t is string => typeof t === 'string')
    : null;
  if (allowedTypes && !allowedTypes.includes('card')) {
    return refuse(
      'The payment method type provided: card is invalid. Allowed types: ' + allowedTypes.join(', '),
      {
        code: 'payment_intent_incompatible_payment_method',
        param: 'payment_method',
      },
    );
  }
  const input = { amount, currency, paymentMethod, allowedTypes, metadata };

  if (!paymentMethod || params.confirm !== 'true') {
    const status = paymentMethod ? 'requires_confirmation' : 'requires_payment_method';
    const intent = paymentIntentObject(input, status);
    return { status: 200, body: intent, intent, events: ['payment_intent.created'] };
  }

  const outcome = testChargeOutcome(paymentMethod, amount);
  if (outcome.kind === 'invalid') {
    return refuse(outcome.message, { code: outcome.code, param: outcome.param });
  }
  const method = paymentMethodObject(paymentMethod, outcome.card);
  if (outcome.kind === 'succeeded') {
    const intent = paymentIntentObject(input, 'succeeded');
    Object.assign(intent, { amount_received: amount, latest_charge: stripeId('ch') });
    return {
      status: 200,
      body: intent,
      intent,
      events: ['payment_intent.created', 'payment_intent.succeeded'],
    };
  }
  const { decline } = outcome;
  if (decline.requiresAction && params.error_on_requires_action !== 'true') {
    const intent = paymentIntentObject(input, 'requires_action');
    Object.assign(intent, { next_action: { type: 'use_stripe_sdk', use_stripe_sdk: {} } });
    return {
      status: 200,
      body: intent,
      intent,
      events: ['payment_intent.created', 'payment_intent.requires_action'],
    };
  }
  const charge = stripeId('ch');
  const error = cardErrorObject(decline, charge, method);
  const intent = paymentIntentObject(input, 'requires_payment_method');
  Object.assign(intent, { last_payment_error: error, latest_charge: charge, payment_method: null });
  return {
    status: 402,
    body: { error: { ...error, payment_intent: intent } },
    intent,
    events: ['payment_intent.created', 'payment_intent.payment_failed'],
  };
}

function isStringRecord(value: FormValue | undefined): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}
