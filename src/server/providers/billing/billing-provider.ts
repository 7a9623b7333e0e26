/**
 * The billing port: Pro bought as a subscription through the card provider, and the provider's
 * signed events that keep it current. Two implementations sit behind it: `simulated` (default;
 * subscribes at once, stateless) and `stripe` (Stripe Billing through the official SDK: Checkout,
 * the customer portal, subscription webhooks). The plans module stores the state it is given.
 */

export type BillingProviderName = 'simulated' | 'stripe';

/** Stripe's subscription statuses, the simulated provider answering a subset of them. */
export type SubscriptionStatus =
  'active' | 'trialing' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';

export interface SubscriptionState {
  customerId: string;
  subscriptionId: string;
  status: SubscriptionStatus;
  /**
   * End of the paid period. While `past_due` the provider has already moved on to the period
   * whose renewal is failing, so this is the end of a period not yet paid.
   */
  currentPeriodEnd: Date;
  /** The subscription ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: boolean;
}

export interface SubscriptionEvent extends SubscriptionState {
  /** The provider's event id: the same event may arrive more than once (replays change nothing). */
  eventId: string;
  /**
   * When the provider created the event: an older state must never overwrite a newer one.
   * Stripe counts in whole seconds, so events of the same second tie.
   */
  createdAt: Date;
  /** Our user id (Checkout's client_reference_id / the subscription's metadata.userId); null if not ours. */
  userId: string | null;
}

export interface BillingProvider {
  readonly name: BillingProviderName;
  /**
   * A hosted Checkout for the Pro price, for this user; answers where to send the browser. The
   * simulated provider subscribes at once (a simulated card, as simulated deposits succeed at
   * once) and answers `successUrl` plus the resulting state.
   */
  createCheckout(input: {
    userId: string;
    email: string;
    customerId: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ url: string; subscription?: SubscriptionState & { userId: string } }>;
  /**
   * The customer portal (cards, invoices, cancel) for a customer; answers its URL. Simulated:
   * throws BillingUnavailableError('The simulated provider has no customer portal').
   */
  createPortal(input: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** Cancel at period end (true) or undo that (false); answers the new state. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionState>;
  /**
   * Verifies the signature over the raw body exactly as received and reads a subscription event
   * (customer.subscription.created/updated/deleted, and checkout.session.completed of a
   * subscription Checkout, for which the subscription is fetched). Answers null for other events.
   * Throws BillingWebhookError on a bad signature or an unreadable body (answer 400), and
   * BillingUnavailableError when the subscription cannot be fetched (answer 5xx: Stripe retries).
   */
  parseWebhook(
    rawBody: Buffer | string,
    signatureHeader: string | undefined,
  ): Promise<SubscriptionEvent | null>;
}

export const BILLING_UNAVAILABLE_MESSAGE = 'Card provider unavailable, please try again later';

/**
 * The provider is down, timed out, answered 5xx, refused our credentials or rate-limited us (the
 * default message), or refused the request (its own message, e.g. an unknown price). The message
 * is fit to show; `cause` keeps the provider's error for the log.
 */
export class BillingUnavailableError extends Error {
  override name = 'BillingUnavailableError';
  constructor(message: string = BILLING_UNAVAILABLE_MESSAGE, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A webhook that must be refused (answer 400): bad or missing signature, unreadable body. */
export class BillingWebhookError extends Error {
  override name = 'BillingWebhookError';
}
