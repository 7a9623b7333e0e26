/**
 * Pure mappings between our port and Stripe's objects: the PaymentIntent we create, what its
 * answer or error means for the deposit, and which webhook events complete or fail one.
 *
 * Decision: a created PaymentIntent is `pending` even when Stripe already answers `succeeded`.
 * The deposit is credited only from the signature-verified `payment_intent.succeeded` webhook,
 * so there is one path that moves the money and a replayed event or a late answer cannot credit
 * it twice. Card errors (402) fail at once: nothing was charged and the trader sees why.
 */
import Stripe from 'stripe';
import {
  CardProviderUnavailableError,
  type CardWebhookEvent,
  type ChargeRequest,
  type ChargeResult,
} from '../card-provider';

/** Stripe's own message when a failed PaymentIntent carries no error (should not happen). */
const GENERIC_FAILURE = 'Your card was declined.';
const CANCELED = 'The payment was canceled.';
const NEEDS_ACTION = 'Your card was declined. This transaction requires authentication.';

export function toPaymentIntentParams(request: ChargeRequest): Stripe.PaymentIntentCreateParams {
  return {
    amount: request.amountCents,
    currency: 'usd',
    payment_method: request.paymentMethodId,
    // Cards only (this API version's successor to payment_method_types).
    allowed_payment_method_types: ['card'],
    confirm: true,
    // Nobody is there to complete 3D Secure: decline such cards instead of waiting forever.
    error_on_requires_action: true,
    metadata: { paymentId: request.metadata.paymentId, userId: request.metadata.userId },
  };
}

/** What a PaymentIntent that Stripe created and answered means for the deposit. */
export function toChargeResult(
  intent: Pick<Stripe.PaymentIntent, 'id' | 'status' | 'last_payment_error'>,
): ChargeResult {
  switch (intent.status) {
    case 'succeeded':
    case 'processing':
    case 'requires_capture':
      return { status: 'pending', providerRef: intent.id };
    case 'requires_payment_method':
      return {
        status: 'failed',
        providerRef: intent.id,
        reason: intent.last_payment_error?.message ?? GENERIC_FAILURE,
      };
    case 'canceled':
      return { status: 'failed', providerRef: intent.id, reason: CANCELED };
    case 'requires_action':
    case 'requires_confirmation':
      // error_on_requires_action should prevent these; if not, no webhook will ever settle it.
      return { status: 'failed', providerRef: intent.id, reason: NEEDS_ACTION };
    default:
      return { status: 'failed', providerRef: intent.id, reason: GENERIC_FAILURE };
  }
}

/**
 * A Stripe error thrown by paymentIntents.create: a card decline or a payment method/amount Stripe
 * refuses becomes `failed` with Stripe's message; not reaching Stripe, its 5xx, a rate limit or
 * refused credentials become CardProviderUnavailableError (retry later with the same key);
 * anything else (a request we built wrongly) is rethrown as it is.
 */
export function chargeResultFromError(error: unknown): ChargeResult {
  const { errors } = Stripe;
  if (error instanceof errors.StripeCardError) {
    return { status: 'failed', providerRef: error.payment_intent?.id ?? null, reason: error.message };
  }
  if (error instanceof errors.StripeInvalidRequestError && isTraderFixable(error)) {
    return { status: 'failed', providerRef: error.payment_intent?.id ?? null, reason: error.message };
  }
  if (
    error instanceof errors.StripeConnectionError ||
    error instanceof errors.StripeAPIError ||
    error instanceof errors.StripeRateLimitError ||
    error instanceof errors.StripeAuthenticationError ||
    error instanceof errors.StripePermissionError
  ) {
    throw new CardProviderUnavailableError({ cause: error });
  }
  throw error;
}

/** The payment method is unknown or unusable, or the amount is outside Stripe's limits. */
function isTraderFixable(error: Stripe.errors.StripeInvalidRequestError): boolean {
  return error.param === 'payment_method' || error.param === 'amount';
}

/**
 * `payment_intent.succeeded` completes the deposit; `payment_intent.payment_failed` and
 * `payment_intent.canceled` fail it. Every other event type is not ours to act on (null).
 */
export function toCardWebhookEvent(
  event: Pick<Stripe.Event, 'id' | 'type' | 'data'>,
): CardWebhookEvent | null {
  const kind = EVENT_KINDS[event.type];
  if (!kind) return null;
  const intent = event.data.object as Partial<Stripe.PaymentIntent>;
  if (typeof intent.id !== 'string' || intent.object !== 'payment_intent') return null;
  const paymentId = intent.metadata?.paymentId;
  const base = { providerRef: intent.id, paymentId: paymentId ? paymentId : null, eventId: event.id };
  if (kind === 'succeeded') return { kind, ...base };
  const reason =
    event.type === 'payment_intent.canceled'
      ? CANCELED
      : (intent.last_payment_error?.message ?? GENERIC_FAILURE);
  return { kind, ...base, reason };
}

const EVENT_KINDS: Partial<Record<string, CardWebhookEvent['kind']>> = {
  'payment_intent.succeeded': 'succeeded',
  'payment_intent.payment_failed': 'failed',
  'payment_intent.canceled': 'failed',
};
