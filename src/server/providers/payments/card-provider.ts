/**
 * The card payments port: charges a deposit to a card and reads the provider's webhooks. Two
 * implementations sit behind it: `simulated` (default; Stripe's documented test payment methods,
 * answered at once) and `stripe` (the official SDK; the deposit completes or fails from a
 * signature-verified webhook). Amounts are integer cents, USD.
 */

export type CardProviderName = 'simulated' | 'stripe';

export interface ChargeRequest {
  /** Integer cents, > 0, USD. */
  amountCents: number;
  /** A card payment method id, `pm_...`. */
  paymentMethodId: string;
  /** Stable per deposit (our payment id): the provider must not charge twice for it. */
  idempotencyKey: string;
  metadata: { paymentId: string; userId: string };
}

/**
 * - `succeeded`: the money is ours now (simulated only).
 * - `failed`: nothing was charged; `reason` is the provider's message, fit to show the trader.
 * - `pending`: the charge is under way; a webhook completes or fails it (stripe), matched by
 *   `providerRef` or the `paymentId` in the event's metadata.
 */
export type ChargeResult =
  | { status: 'succeeded'; providerRef: string }
  | { status: 'failed'; providerRef: string | null; reason: string }
  | { status: 'pending'; providerRef: string };

export interface CardWebhookEvent {
  kind: 'succeeded' | 'failed';
  /** The provider's id for the charge, as `ChargeResult.providerRef` returned it. */
  providerRef: string;
  /** Our payment id from the charge's metadata; null when the charge was not made by us. */
  paymentId: string | null;
  /** With `failed`: the provider's message, fit to show the trader. */
  reason?: string;
  /** The provider's event id; the same event may be delivered more than once. */
  eventId: string;
}

export interface CardProvider {
  readonly name: CardProviderName;
  /**
   * Charges the card once per idempotency key: a retry with the same key answers the first
   * result (same providerRef) and charges nothing more. A card decline is a `failed` result,
   * never a throw. Throws CardProviderUnavailableError when the provider cannot be reached or
   * answers with a server error, and RangeError for an amount that is not a positive integer.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /**
   * Verifies the signature over the raw body exactly as received (not re-serialised JSON) and
   * reads the event. Throws CardWebhookError when it does not verify or cannot be read; answers
   * null for events that do not complete or fail a charge.
   */
  parseWebhook(rawBody: Buffer | string, signatureHeader: string | undefined): CardWebhookEvent | null;
}

/** HTTP status for a deposit the card provider declined (Stripe also answers card errors with 402). */
export const DEPOSIT_DECLINE_STATUS = 402;

export const CARD_PROVIDER_UNAVAILABLE_MESSAGE = 'Card provider unavailable, please try again later';

/**
 * The provider is down, timed out, answered 5xx, refused our credentials or rate-limited us:
 * nothing is known to be charged, and the same idempotency key may be retried later. The message
 * is fit to show the trader; `cause` keeps the provider's error for the log.
 */
export class CardProviderUnavailableError extends Error {
  override name = 'CardProviderUnavailableError';
  constructor(options?: { cause?: unknown }) {
    super(CARD_PROVIDER_UNAVAILABLE_MESSAGE, options);
  }
}

/** A webhook that must be refused (answer 400): bad or missing signature, unreadable body. */
export class CardWebhookError extends Error {
  override name = 'CardWebhookError';
}

/** Both implementations refuse the same malformed amounts before anything else happens. */
export function assertChargeAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`Charge amount must be a positive integer of cents, got ${amountCents}`);
  }
}
