/**
 * Test helper: Stripe Billing in the fake Stripe. The API routes a Pro subscription uses (Checkout
 * Sessions, Subscriptions, portal Sessions) and the levers a test pulls for what Stripe does on
 * its own (a paid Checkout, a period ending, a renewal failing through its retries), each change
 * announced with the events Stripe sends for it, in Stripe's order.
 */
import type { FormValue } from './fake-stripe-form';
import {
  checkoutSessionObject,
  customerObject,
  invoiceObject,
  isRecord,
  itemOf,
  periodSeconds,
  portalSessionObject,
  priceObject,
  subscriptionObject,
  type FakePrice,
} from './fake-stripe-billing-objects';
import { invalidRequestError, type Json } from './fake-stripe-objects';

export interface Answer {
  status: number;
  body: Json;
}

/** Where an event came from: an API request (its id and key) or Stripe itself (null). */
export interface EventSource {
  requestId: string | null;
  idempotencyKey: string | null;
}

export interface FakeBillingDeps {
  prices: FakePrice[];
  /** The fake's own address (hosted Checkout and portal pages live there). */
  baseUrl: () => string;
  /** Unix seconds. */
  now: () => number;
  /** Records an event and starts its delivery; resolves when it was delivered everywhere. */
  emit: (type: string, object: Json, source: EventSource, previous?: Json) => Promise<unknown>;
}

/** What happens once Stripe's retries of a failed renewal are over (the account's setting). */
export type AfterRetries = 'canceled' | 'unpaid' | 'past_due';

const AUTOMATIC: EventSource = { requestId: null, idempotencyKey: null };

export function createFakeBilling(deps: FakeBillingDeps) {
  const prices = new Map(deps.prices.map((p) => [p.id, priceObject(p)]));
  const customers = new Map<string, Json>();
  const checkoutSessions = new Map<string, Json>();
  const portalSessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  /** What an open Checkout Session will subscribe to: its price and subscription_data.metadata. */
  const sessionTerms = new Map<string, { price: Json; metadata: Record<string, string> }>();

  const missing = (kind: string, id: string, param: string): Answer => ({
    status: 404,
    body: invalidRequestError(`No such ${kind}: '${id}'`, { code: 'resource_missing', param }),
  });
  const refuse = (message: string, extra: { code?: string; param?: string } = {}): Answer => ({
    status: 400,
    body: invalidRequestError(message, extra),
  });
  /** Stripe's events in order: each is delivered before the next one is sent. */
  const announce = async (events: [string, Json, Json?][], source = AUTOMATIC) => {
    for (const [type, object, previous] of events) await deps.emit(type, object, source, previous);
  };
  const subscriptionNamed = (id: string): Json => {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`The fake Stripe has no subscription ${id}`);
    return subscription;
  };
  const fields = (subscription: Json, keys: string[]) =>
    structuredClone(Object.fromEntries(keys.map((k) => [k, subscription[k]])));
  /** Moves the subscription's item on to its next period, answering the previous attributes. */
  const advancePeriod = (subscription: Json): Json => {
    const item = itemOf(subscription);
    const previous = { items: structuredClone(subscription.items) };
    const start = item.current_period_end as number;
    Object.assign(item, {
      current_period_start: start,
      current_period_end: start + periodSeconds(item.price as Json),
    });
    return previous;
  };

  function createCheckoutSession(params: Record<string, FormValue>): Answer {
    if (params.mode === undefined)
      return refuse('Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
    if (params.mode !== 'subscription')
      return refuse(`The fake Stripe sells subscriptions only, not mode=${JSON.stringify(params.mode)}.`);
    const lines = Array.isArray(params.line_items) ? params.line_items : [];
    const first = lines[0];
    const priceId = typeof first === 'object' && !Array.isArray(first) ? first.price : undefined;
    if (lines.length !== 1 || typeof priceId !== 'string') {
      return refuse(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        {
          param: 'line_items',
        },
      );
    }
    const price = prices.get(priceId);
    if (!price)
      return refuse(`No such price: '${priceId}'`, {
        code: 'resource_missing',
        param: 'line_items[0][price]',
      });
    if (params.customer !== undefined && params.customer_email !== undefined) {
      return refuse('You may only specify one of these parameters: customer, customer_email.', {
        param: 'customer',
      });
    }
    if (typeof params.customer === 'string' && !customers.has(params.customer)) {
      return { ...missing('customer', params.customer, 'customer'), status: 400 };
    }
    const session = checkoutSessionObject({ baseUrl: deps.baseUrl(), created: deps.now(), price, params });
    const data = params.subscription_data;
    const metadata =
      typeof data === 'object' && !Array.isArray(data) && isRecord(data.metadata) ? data.metadata : {};
    checkoutSessions.set(session.id as string, session);
    sessionTerms.set(session.id as string, { price, metadata });
    return { status: 200, body: session };
  }

  function updateSubscription(id: string, params: Record<string, FormValue>, source: EventSource): Answer {
    const subscription = subscriptions.get(id);
    if (!subscription) return missing('subscription', id, 'id');
    if (subscription.status === 'canceled') {
      return refuse('A canceled subscription can only update its cancellation_details and metadata.');
    }
    const before = fields(subscription, ['cancel_at', 'cancel_at_period_end', 'canceled_at']);
    const periodEnd = itemOf(subscription).current_period_end as number;
    // cancel_at_period_end=false undoes only what cancel_at_period_end=true did; a bare cancel_at
    // (a portal cancellation on flexible billing) is cleared with cancel_at=''.
    const unscheduled = { cancel_at_period_end: false, cancel_at: null, canceled_at: null };
    if (params.cancel_at_period_end === 'true') {
      Object.assign(subscription, {
        cancel_at_period_end: true,
        cancel_at: periodEnd,
        canceled_at: deps.now(),
      });
    } else if (params.cancel_at_period_end === 'false' && subscription.cancel_at_period_end === true) {
      Object.assign(subscription, unscheduled);
    }
    if (params.cancel_at === '') Object.assign(subscription, unscheduled);
    if (typeof params.cancel_at === 'string' && /^\d+$/.test(params.cancel_at)) {
      Object.assign(subscription, {
        cancel_at_period_end: false,
        cancel_at: Number(params.cancel_at),
        canceled_at: deps.now(),
      });
    }
    if (isRecord(params.metadata))
      subscription.metadata = { ...(subscription.metadata as Json), ...params.metadata };
    const changed = Object.fromEntries(Object.entries(before).filter(([k, v]) => v !== subscription[k]));
    if (Object.keys(changed).length > 0)
      void announce([['customer.subscription.updated', subscription, changed]], source);
    return { status: 200, body: subscription };
  }

  function createPortalSession(params: Record<string, FormValue>): Answer {
    const customer = params.customer;
    if (typeof customer !== 'string')
      return refuse('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    if (!customers.has(customer)) return { ...missing('customer', customer, 'customer'), status: 400 };
    const returnUrl = typeof params.return_url === 'string' ? params.return_url : null;
    const session = portalSessionObject({
      baseUrl: deps.baseUrl(),
      customer,
      returnUrl,
      created: deps.now(),
    });
    portalSessions.set(session.id as string, session);
    return { status: 200, body: session };
  }

  return {
    prices,
    customers,
    checkoutSessions,
    portalSessions,
    subscriptions,

    /** The answer to an API request, or null when it is not a Billing route. */
    route(
      method: string,
      path: string,
      params: Record<string, FormValue>,
      source: EventSource,
    ): Answer | null {
      if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(params);
      if (method === 'POST' && path === '/v1/billing_portal/sessions') return createPortalSession(params);
      const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)?.[1];
      if (method === 'GET' && session) {
        const found = checkoutSessions.get(session);
        return found ? { status: 200, body: found } : missing('checkout.session', session, 'session');
      }
      const id = /^\/v1\/subscriptions\/([^/]+)$/.exec(path)?.[1];
      if (!id) return null;
      if (method === 'POST') return updateSubscription(id, params, source);
      if (method !== 'GET') return null;
      const subscription = subscriptions.get(id);
      return subscription ? { status: 200, body: subscription } : missing('subscription', id, 'id');
    },

    /**
     * The customer pays on the hosted Checkout: the customer (unless the session named one) and
     * an active subscription are created, the first invoice paid; answers the subscription.
     */
    async completeCheckout(sessionId: string): Promise<Json> {
      const session = checkoutSessions.get(sessionId);
      const terms = sessionTerms.get(sessionId);
      if (!session || !terms) throw new Error(`The fake Stripe has no Checkout Session ${sessionId}`);
      if (session.status !== 'open')
        throw new Error(`Checkout Session ${sessionId} is ${String(session.status)}`);
      const events: [string, Json][] = [];
      let customerId = session.customer as string | null;
      if (!customerId) {
        const customer = customerObject(session.customer_email as string | null, deps.now());
        customerId = customer.id as string;
        customers.set(customerId, customer);
        events.push(['customer.created', customer]);
      }
      const subscription = subscriptionObject({
        customer: customerId,
        price: terms.price,
        metadata: terms.metadata,
        start: deps.now(),
        latestInvoice: '',
      });
      const invoice = invoiceObject({
        subscription,
        paid: true,
        attempt: 1,
        reason: 'subscription_create',
        created: deps.now(),
      });
      subscription.latest_invoice = invoice.id;
      subscriptions.set(subscription.id as string, subscription);
      Object.assign(session, {
        customer: customerId,
        invoice: invoice.id,
        payment_status: 'paid',
        status: 'complete',
        subscription: subscription.id,
        url: null,
      });
      events.push(
        ['customer.subscription.created', subscription],
        ['invoice.paid', invoice],
        ['checkout.session.completed', session],
      );
      await announce(events);
      return subscription;
    },

    /**
     * A cancellation made in the portal on flexible billing: only `cancel_at`, set to the end of
     * the period (`cancel_at_period_end` stays false).
     */
    async cancelInPortal(subscriptionId: string): Promise<Json> {
      const subscription = subscriptionNamed(subscriptionId);
      const previous = fields(subscription, ['cancel_at', 'canceled_at']);
      Object.assign(subscription, {
        cancel_at: itemOf(subscription).current_period_end,
        canceled_at: deps.now(),
      });
      await announce([['customer.subscription.updated', subscription, previous]]);
      return subscription;
    },

    /**
     * The period ends: a subscription set to cancel by then ends (`canceled`,
     * customer.subscription.deleted); any other renews, its next invoice paid.
     */
    async endPeriod(subscriptionId: string): Promise<Json> {
      const subscription = subscriptionNamed(subscriptionId);
      const item = itemOf(subscription);
      const end = item.current_period_end as number;
      const cancelAt = subscription.cancel_at as number | null;
      if (subscription.cancel_at_period_end === true || (cancelAt !== null && cancelAt <= end)) {
        Object.assign(subscription, {
          status: 'canceled',
          ended_at: cancelAt ?? end,
          cancellation_details: { comment: null, feedback: null, reason: 'cancellation_requested' },
        });
        await announce([['customer.subscription.deleted', subscription]]);
        return subscription;
      }
      const previous = advancePeriod(subscription);
      const invoice = invoiceObject({
        subscription,
        paid: true,
        attempt: 1,
        reason: 'subscription_cycle',
        created: deps.now(),
      });
      subscription.latest_invoice = invoice.id;
      await announce([
        ['customer.subscription.updated', subscription, previous],
        ['invoice.paid', invoice],
      ]);
      return subscription;
    },

    /**
     * The renewal's payment fails: the period moves on and the subscription is `past_due` while
     * Stripe retries. Then, unless `afterRetries` is 'past_due' (retries still running; call again
     * to end them), every retry fails too and it ends as the account's settings say: `canceled`
     * (customer.subscription.deleted; Stripe's default) or `unpaid`.
     */
    async renewalFails(subscriptionId: string, options: { afterRetries?: AfterRetries } = {}): Promise<Json> {
      const subscription = subscriptionNamed(subscriptionId);
      const after = options.afterRetries ?? 'canceled';
      const failedInvoice = (attempt: number) => {
        const invoice = invoiceObject({
          subscription,
          paid: false,
          attempt,
          reason: 'subscription_cycle',
          created: deps.now(),
        });
        subscription.latest_invoice = invoice.id;
        return invoice;
      };
      if (subscription.status === 'active') {
        const previousItems = advancePeriod(subscription);
        await announce([['customer.subscription.updated', subscription, previousItems]]);
        const invoice = failedInvoice(1);
        subscription.status = 'past_due';
        await announce([
          ['invoice.payment_failed', invoice],
          ['customer.subscription.updated', subscription, { status: 'active' }],
        ]);
      } else if (subscription.status !== 'past_due') {
        throw new Error(
          `Subscription ${subscriptionId} is ${String(subscription.status)}: no renewal to fail`,
        );
      }
      if (after === 'past_due') return subscription;
      const lastTry = failedInvoice(4);
      if (after === 'unpaid') {
        subscription.status = 'unpaid';
        await announce([
          ['invoice.payment_failed', lastTry],
          ['customer.subscription.updated', subscription, { status: 'past_due' }],
        ]);
        return subscription;
      }
      Object.assign(subscription, {
        status: 'canceled',
        canceled_at: deps.now(),
        ended_at: deps.now(),
        cancellation_details: { comment: null, feedback: null, reason: 'payment_failed' },
      });
      await announce([
        ['invoice.payment_failed', lastTry],
        ['customer.subscription.deleted', subscription],
      ]);
      return subscription;
    },
  };
}

export type FakeBilling = ReturnType<typeof createFakeBilling>;
