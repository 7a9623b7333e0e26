import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { CARD_PROVIDER_UNAVAILABLE_MESSAGE, CardProviderUnavailableError } from '../card-provider';
import {
  cardErrorBody,
  chargeSucceededEvent,
  failedIntent,
  paymentFailedEvent,
  succeededEvent,
} from './testdata/stripe-payloads';
import {
  chargeResultFromError,
  toCardWebhookEvent,
  toChargeResult,
  toPaymentIntentParams,
} from './transform';

const { errors } = Stripe;
const asEvent = (event: unknown) => event as Stripe.Event;

describe('Stripe transforms', () => {
  it('creates a confirmed USD card PaymentIntent that declines rather than waits for 3D Secure', () => {
    const params = toPaymentIntentParams({
      amountCents: 2500,
      paymentMethodId: 'pm_card_visa',
      idempotencyKey: 'pay-1',
      metadata: { paymentId: 'pay-1', userId: 'user_42' },
    });
    expect(params).toEqual({
      amount: 2500,
      currency: 'usd',
      payment_method: 'pm_card_visa',
      allowed_payment_method_types: ['card'],
      confirm: true,
      error_on_requires_action: true,
      metadata: { paymentId: 'pay-1', userId: 'user_42' },
    });
  });

  it('keeps a created PaymentIntent pending until the webhook, even when it already succeeded', () => {
    const intent = succeededEvent.data.object as unknown as Stripe.PaymentIntent;
    expect(toChargeResult(intent)).toEqual({ status: 'pending', providerRef: 'pi_3QabcDEF123ghi456JKL789m' });
    expect(toChargeResult({ ...intent, status: 'processing' }).status).toBe('pending');
  });

  it('fails a PaymentIntent that needs a new payment method, with its last error', () => {
    expect(toChargeResult(failedIntent as unknown as Stripe.PaymentIntent)).toEqual({
      status: 'failed',
      providerRef: 'pi_3QzyxWVU987tsr654QPO321k',
      reason: 'Your card has insufficient funds.',
    });
    const stuck = { id: 'pi_x', status: 'requires_action', last_payment_error: null } as const;
    expect(toChargeResult(stuck)).toEqual({
      status: 'failed',
      providerRef: 'pi_x',
      reason: 'Your card was declined. This transaction requires authentication.',
    });
  });

  it('turns a 402 card error into failed with Stripe’s message and the PaymentIntent id', () => {
    const error = errors.StripeError.generate({ ...cardErrorBody, statusCode: 402 } as never);
    expect(error).toBeInstanceOf(errors.StripeCardError);
    expect(chargeResultFromError(error)).toEqual({
      status: 'failed',
      providerRef: 'pi_3QzyxWVU987tsr654QPO321k',
      reason: 'Your card has insufficient funds.',
    });
  });

  it('fails an unknown payment method with Stripe’s message and no reference', () => {
    const error = errors.StripeError.generate({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'payment_method',
      message: "No such PaymentMethod: 'pm_nope'",
      statusCode: 400,
    } as never);
    expect(chargeResultFromError(error)).toEqual({
      status: 'failed',
      providerRef: null,
      reason: "No such PaymentMethod: 'pm_nope'",
    });
  });

  it('reports Stripe being unreachable, failing, throttling or refusing our key as unavailable', () => {
    const cases = [
      new errors.StripeConnectionError({ message: 'Request aborted due to timeout being reached (300ms)' }),
      errors.StripeError.generate({
        type: 'api_error',
        message: 'An unknown error occurred',
        statusCode: 500,
      } as never),
      errors.StripeError.generate({
        type: 'invalid_request_error',
        message: 'Too many requests',
        statusCode: 429,
      } as never),
      errors.StripeError.generate({
        type: 'invalid_request_error',
        message: 'Invalid API Key',
        statusCode: 401,
      } as never),
    ];
    for (const error of cases) {
      let thrown: unknown;
      try {
        chargeResultFromError(error);
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown).toBeInstanceOf(CardProviderUnavailableError);
      expect((thrown as Error).message).toBe(CARD_PROVIDER_UNAVAILABLE_MESSAGE);
      expect((thrown as Error).cause).toBe(error);
    }
  });

  it('rethrows errors that mean our request was wrong, so they are not shown as a decline', () => {
    const idempotency = errors.StripeError.generate({
      type: 'idempotency_error',
      message: 'Keys for idempotent requests can only be used with the same parameters',
      statusCode: 400,
    } as never);
    expect(() => chargeResultFromError(idempotency)).toThrow(errors.StripeIdempotencyError);
    const unknownParam = errors.StripeError.generate({
      type: 'invalid_request_error',
      code: 'parameter_unknown',
      param: 'payment_method_types',
      message: 'Received unknown parameter: payment_method_types',
      statusCode: 400,
    } as never);
    expect(() => chargeResultFromError(unknownParam)).toThrow(/unknown parameter/);
    expect(() => chargeResultFromError(new TypeError('boom'))).toThrow(TypeError);
  });

  it('reads payment_intent.succeeded and payment_failed events, with our payment id', () => {
    expect(toCardWebhookEvent(asEvent(succeededEvent))).toEqual({
      kind: 'succeeded',
      providerRef: 'pi_3QabcDEF123ghi456JKL789m',
      paymentId: '3f1c2a9e-5b7d-4c1e-9a8b-0d2e4f6a8c0e',
      eventId: 'evt_3QabcDEF123ghi456JKL789n',
    });
    expect(toCardWebhookEvent(asEvent(paymentFailedEvent))).toEqual({
      kind: 'failed',
      providerRef: 'pi_3QzyxWVU987tsr654QPO321k',
      paymentId: '3f1c2a9e-5b7d-4c1e-9a8b-0d2e4f6a8c0e',
      reason: 'Your card has insufficient funds.',
      eventId: 'evt_3QzyxWVU987tsr654QPO321j',
    });
  });

  it('fails a canceled PaymentIntent, ignores other events and charges made without our metadata', () => {
    const canceled = { ...paymentFailedEvent, type: 'payment_intent.canceled' };
    expect(toCardWebhookEvent(asEvent(canceled))).toMatchObject({
      kind: 'failed',
      reason: 'The payment was canceled.',
    });
    expect(toCardWebhookEvent(asEvent(chargeSucceededEvent))).toBeNull();
    expect(toCardWebhookEvent(asEvent({ ...succeededEvent, type: 'payment_intent.created' }))).toBeNull();
    const foreign = {
      ...succeededEvent,
      data: { object: { ...succeededEvent.data.object, metadata: {} } },
    };
    expect(toCardWebhookEvent(asEvent(foreign))).toMatchObject({ kind: 'succeeded', paymentId: null });
  });
});
