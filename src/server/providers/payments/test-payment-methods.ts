/**
 * Stripe's documented test PaymentMethods (docs.stripe.com/testing: "Cards by brand" and
 * "Declined payments", with the `pm_card_chargeDeclined*` aliases Stripe still accepts), the decline
 * each one produces and Stripe's own error message for it. One table serves the simulated provider
 * and the fake Stripe server, so both answer a card exactly as Stripe's test mode does.
 *
 * Cards that need 3D Secure are declined here: deposits are charged server-side with
 * `error_on_requires_action`, under which Stripe answers them with an `authentication_required`
 * card error instead of waiting for a customer who is not there.
 */

export interface TestCard {
  brand: string;
  last4: string;
  funding: 'credit' | 'debit' | 'prepaid';
}

export interface CardDecline {
  /** Stripe's error `code`, e.g. card_declined, expired_card. */
  code: string;
  /** Stripe's `decline_code`, e.g. insufficient_funds. */
  declineCode: string;
  /** Stripe's error message, shown to the trader. */
  message: string;
  /** Without `error_on_requires_action` Stripe would wait in `requires_action` instead. */
  requiresAction?: true;
}

interface TestPaymentMethod {
  card: TestCard;
  decline?: CardDecline;
}

const visa: TestCard = { brand: 'visa', last4: '4242', funding: 'credit' };
const visaWith = (last4: string): TestCard => ({ ...visa, last4 });

const declined = (declineCode: string, message: string, code = 'card_declined'): CardDecline => ({
  code,
  declineCode,
  message,
});
const GENERIC = declined('generic_decline', 'Your card was declined.');
const INSUFFICIENT = declined('insufficient_funds', 'Your card has insufficient funds.');
const LOST = declined('lost_card', 'Your card was declined.');
const STOLEN = declined('stolen_card', 'Your card was declined.');
const FRAUDULENT = declined('fraudulent', 'Your card was declined.');
const VELOCITY = declined(
  'card_velocity_exceeded',
  'Your card was declined for making repeated attempts too frequently or exceeding its amount limit.',
);
const AUTHENTICATION: CardDecline = {
  ...declined(
    'authentication_required',
    'Your card was declined. This transaction requires authentication.',
    'authentication_required',
  ),
  requiresAction: true,
};

const METHODS: Readonly<Record<string, TestPaymentMethod>> = {
  // Cards by brand: each succeeds.
  pm_card_visa: { card: visa },
  pm_card_visa_debit: { card: { brand: 'visa', last4: '5556', funding: 'debit' } },
  pm_card_mastercard: { card: { brand: 'mastercard', last4: '4444', funding: 'credit' } },
  pm_card_mastercard_debit: { card: { brand: 'mastercard', last4: '8210', funding: 'debit' } },
  pm_card_mastercard_prepaid: { card: { brand: 'mastercard', last4: '5100', funding: 'prepaid' } },
  pm_card_amex: { card: { brand: 'amex', last4: '0005', funding: 'credit' } },
  pm_card_discover: { card: { brand: 'discover', last4: '1117', funding: 'credit' } },
  pm_card_diners: { card: { brand: 'diners', last4: '0004', funding: 'credit' } },
  pm_card_jcb: { card: { brand: 'jcb', last4: '0505', funding: 'credit' } },
  pm_card_unionpay: { card: { brand: 'unionpay', last4: '0005', funding: 'credit' } },
  // Declined payments.
  pm_card_chargeDeclined: { card: visaWith('0002'), decline: GENERIC },
  pm_card_visa_chargeDeclined: { card: visaWith('0002'), decline: GENERIC },
  pm_card_chargeDeclinedInsufficientFunds: { card: visaWith('9995'), decline: INSUFFICIENT },
  pm_card_visa_chargeDeclinedInsufficientFunds: { card: visaWith('9995'), decline: INSUFFICIENT },
  pm_card_chargeDeclinedLostCard: { card: visaWith('9987'), decline: LOST },
  pm_card_visa_chargeDeclinedLostCard: { card: visaWith('9987'), decline: LOST },
  pm_card_chargeDeclinedStolenCard: { card: visaWith('9979'), decline: STOLEN },
  pm_card_visa_chargeDeclinedStolenCard: { card: visaWith('9979'), decline: STOLEN },
  pm_card_chargeDeclinedExpiredCard: {
    card: visaWith('0069'),
    decline: declined('expired_card', 'Your card has expired.', 'expired_card'),
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    card: visaWith('0127'),
    decline: declined('incorrect_cvc', "Your card's security code is incorrect.", 'incorrect_cvc'),
  },
  pm_card_chargeDeclinedProcessingError: {
    card: visaWith('0119'),
    decline: declined(
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
      'processing_error',
    ),
  },
  pm_card_visa_chargeDeclinedVelocityLimitExceeded: { card: visaWith('6975'), decline: VELOCITY },
  pm_card_chargeDeclinedFraudulent: { card: visaWith('0019'), decline: FRAUDULENT },
  pm_card_radarBlock: { card: visaWith('0019'), decline: FRAUDULENT },
  // Attaching to a customer succeeds, charging fails.
  pm_card_chargeCustomerFail: { card: visaWith('0341'), decline: GENERIC },
  // 3D Secure: declined under error_on_requires_action (see the header).
  pm_card_authenticationRequired: { card: visaWith('3184'), decline: AUTHENTICATION },
  pm_card_threeDSecure2Required: { card: visaWith('3220'), decline: AUTHENTICATION },
  pm_card_threeDSecureRequired: { card: visaWith('3063'), decline: AUTHENTICATION },
};

/** Stripe's limits for a USD charge, with its messages (invalid_request_error, 400). */
export const STRIPE_MIN_CHARGE_CENTS = 50;
export const STRIPE_MAX_CHARGE_CENTS = 99_999_999;

/** How Stripe's test mode answers a confirmed card PaymentIntent. */
export type TestChargeOutcome =
  /** The PaymentIntent succeeds. */
  | { kind: 'succeeded'; card: TestCard }
  /** A PaymentIntent is created and the card declined: 402 card_error. */
  | { kind: 'declined'; card: TestCard; decline: CardDecline }
  /** The request is refused before any PaymentIntent exists: 400 invalid_request_error. */
  | { kind: 'invalid'; code: string; param: string; message: string };

export function testChargeOutcome(paymentMethodId: string, amountCents: number): TestChargeOutcome {
  if (amountCents < STRIPE_MIN_CHARGE_CENTS) {
    return {
      kind: 'invalid',
      code: 'amount_too_small',
      param: 'amount',
      message: 'Amount must be at least $0.50 usd',
    };
  }
  if (amountCents > STRIPE_MAX_CHARGE_CENTS) {
    return {
      kind: 'invalid',
      code: 'amount_too_large',
      param: 'amount',
      message: 'Amount must be no more than $999,999.99',
    };
  }
  const method = Object.hasOwn(METHODS, paymentMethodId) ? METHODS[paymentMethodId] : undefined;
  if (!method) {
    return {
      kind: 'invalid',
      code: 'resource_missing',
      param: 'payment_method',
      message: `No such PaymentMethod: '${paymentMethodId}'`,
    };
  }
  return method.decline
    ? { kind: 'declined', card: method.card, decline: method.decline }
    : { kind: 'succeeded', card: method.card };
}

/** Every test payment method id this table knows (tests walk them). */
export const TEST_PAYMENT_METHOD_IDS: readonly string[] = Object.keys(METHODS);
