/**
 * A loopback Stripe: node:http on 127.0.0.1 speaking Stripe's wire format, so the real adapter
 * (the official SDK underneath) runs unchanged against it. Point the adapter at `endpoint`.
 *
 * - `Authorization: Bearer <secret key>` is checked (401 invalid_request_error otherwise).
 * - Bodies are form-encoded with bracket keys (fake-stripe-form.ts); answers are JSON objects or
 *   Stripe's `{ error: { type, code, decline_code, message, ... } }` envelope.
 * - `POST /v1/payment_intents` follows Stripe's test mode for the documented test payment methods
 *   (fake-stripe-payment-intents.ts): 200 succeeded, 402 card_error, 400 for an unknown
 *   PaymentMethod. `GET /v1/payment_intents/:id` reads one back.
 * - `Idempotency-Key` is honoured as Stripe does: the same key and parameters replay the first
 *   answer (`Idempotent-Replayed: true`), nothing created again; other parameters → 400
 *   idempotency_error. Injected failures are not stored, so a retry after one is executed.
 * - Stripe Billing (fake-stripe-billing.ts): Checkout Sessions in subscription mode for the known
 *   prices (`prices`, default one $49 monthly `price_fake_pro_monthly`), subscriptions read and
 *   updated (cancel_at_period_end, cancel_at), portal sessions, and the levers for what Stripe
 *   does on its own: `completeCheckout`, `endPeriod`, `renewalFails`, `cancelInPortal`. Their
 *   hosted pages live on the fake too (fake-stripe-pages.ts).
 * - Events Stripe would emit are kept in `events`; `deliver` POSTs one to a URL signed like
 *   Stripe (`Stripe-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`). Webhook
 *   endpoints (`webhookUrl`, `webhookEndpoints` or `addWebhookEndpoint` later) receive each event
 *   they are enabled for as it happens; a lever's events arrive one after the other, in order.
 * - `failNext` makes the next request(s) answer 5xx or hang (never answer) until `close`.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeEndpoint } from './api';
import { createFakeBilling, type EventSource, type FakeBilling } from './fake-stripe-billing';
import { DEFAULT_PRO_PRICE, type FakePrice } from './fake-stripe-billing-objects';
import { parseStripeForm, type FormValue } from './fake-stripe-form';
import { eventObject, invalidRequestError, stripeId, type Json } from './fake-stripe-objects';
import { hostedPage } from './fake-stripe-pages';
import { createPaymentIntent } from './fake-stripe-payment-intents';

const DEFAULT_API_VERSION = '2026-10-28.endive';

export interface FakeStripeOptions {
  secretKey?: string;
  webhookSecret?: string;
  /** Deliver every event here as it happens (awaited by `settled`). */
  webhookUrl?: string;
  /** More endpoints, each with the events it is enabled for (awaited by `settled`). */
  webhookEndpoints?: FakeWebhookEndpoint[];
  /** The recurring prices Checkout sells; default [DEFAULT_PRO_PRICE]. */
  prices?: FakePrice[];
  /** Milliseconds since the epoch, for Billing's objects and events; default Date.now. */
  clock?: () => number;
}

/** A webhook endpoint as configured in Stripe's dashboard. */
export interface FakeWebhookEndpoint {
  url: string;
  /** Event types, or '*' (the default) for all. */
  enabledEvents?: string[];
  /** Its signing secret; default the server's webhookSecret. */
  secret?: string;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  params: Record<string, FormValue>;
  /** Answered from the idempotency store. */
  replayed: boolean;
}

export interface FakeStripeFailure {
  /** HTTP status of the failure; default 500 with an api_error body. */
  status?: number;
  /** Never answer (the client must time out); the connection closes with the server. */
  hang?: boolean;
  /** How many requests fail; default 1. */
  times?: number;
}

export interface WebhookDelivery {
  status: number;
  body: string;
}

export interface FakeStripeServer {
  url: string;
  endpoint: StripeEndpoint;
  secretKey: string;
  webhookSecret: string;
  requests: FakeStripeRequest[];
  /** Every PaymentIntent created, by id, in creation order: one per charge actually attempted. */
  paymentIntents: Map<string, Json>;
  events: Json[];
  /** The first of `prices`: what STRIPE_PRO_PRICE_ID names in tests. */
  proPriceId: string;
  /** Stripe Billing's objects and levers (fake-stripe-billing.ts). */
  billing: FakeBilling;
  failNext(failure?: FakeStripeFailure): void;
  /** Delivers every later event it is enabled for to this endpoint too. */
  addWebhookEndpoint(endpoint: FakeWebhookEndpoint): void;
  /** The `Stripe-Signature` header for a payload (default now, this server's secret). */
  signatureHeader(payload: string, options?: { timestamp?: number; secret?: string }): string;
  /** POSTs the event to `url` as Stripe delivers it: pretty JSON body, signed (default this server's secret). */
  deliver(event: Json, url: string, options?: { secret?: string }): Promise<WebhookDelivery>;
  /** Waits for every delivery to the webhook endpoints started so far. */
  settled(): Promise<WebhookDelivery[]>;
  close(): Promise<void>;
}

interface Stored {
  fingerprint: string;
  status: number;
  body: Json;
}

export async function startFakeStripeServer(options: FakeStripeOptions = {}): Promise<FakeStripeServer> {
  const secretKey = options.secretKey ?? 'sk_test_fake_heatsignal';
  const webhookSecret = options.webhookSecret ?? 'whsec_fake_heatsignal';
  const requests: FakeStripeRequest[] = [];
  const paymentIntents = new Map<string, Json>();
  const events: Json[] = [];
  const idempotency = new Map<string, Stored>();
  const failures: Required<FakeStripeFailure>[] = [];
  const deliveries: Promise<WebhookDelivery>[] = [];
  const endpoints: FakeWebhookEndpoint[] = [
    ...(options.webhookUrl ? [{ url: options.webhookUrl }] : []),
    ...(options.webhookEndpoints ?? []),
  ];
  const clock = options.clock ?? Date.now;
  let baseUrl = '';

  const signatureHeader: FakeStripeServer['signatureHeader'] = (payload, sign = {}) => {
    const timestamp = sign.timestamp ?? Math.floor(Date.now() / 1000);
    const hmac = createHmac('sha256', sign.secret ?? webhookSecret).update(`${timestamp}.${payload}`);
    return `t=${timestamp},v1=${hmac.digest('hex')}`;
  };
  const deliver: FakeStripeServer['deliver'] = async (event, to, sign = {}) => {
    const payload = JSON.stringify(event, null, 2);
    const response = await fetch(to, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signatureHeader(payload, sign.secret ? { secret: sign.secret } : {}),
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    return { status: response.status, body: await response.text() };
  };
  /**
   * Records an event and delivers it to every endpoint enabled for it, as Stripe does: a receiver
   * that cannot be reached is a failed delivery (status 0), not an error of the fake.
   */
  const emit = (event: Json): Promise<WebhookDelivery[]> => {
    events.push(event);
    const type = String(event.type);
    const sent = endpoints
      .filter((e) => (e.enabledEvents ?? ['*']).some((enabled) => enabled === '*' || enabled === type))
      .map((e) =>
        deliver(event, e.url, e.secret ? { secret: e.secret } : {}).catch((error: unknown) => ({
          status: 0,
          body: error instanceof Error ? error.message : String(error),
        })),
      );
    deliveries.push(...sent);
    return Promise.all(sent);
  };
  const billing = createFakeBilling({
    prices: options.prices ?? [DEFAULT_PRO_PRICE],
    baseUrl: () => baseUrl,
    now: () => Math.floor(clock() / 1000),
    emit: (type, object, source, previous) =>
      emit(
        eventObject({
          type,
          object,
          apiVersion: DEFAULT_API_VERSION,
          ...source,
          created: Math.floor(clock() / 1000),
          ...(previous && { previousAttributes: previous }),
        }),
      ),
  });

  const route = (method: string, path: string, params: Record<string, FormValue>, meta: EventMeta) => {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const result = createPaymentIntent(params);
      if (result.intent) {
        paymentIntents.set(result.intent.id as string, result.intent);
        for (const type of result.events) void emit(eventObject({ type, object: result.intent, ...meta }));
      }
      return { status: result.status, body: result.body };
    }
    const billed = billing.route(method, path, params, meta);
    if (billed) return billed;
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && retrieve?.[1]) {
      const intent = paymentIntents.get(retrieve[1]);
      if (intent) return { status: 200, body: intent };
      return {
        status: 404,
        body: invalidRequestError(`No such payment_intent: '${retrieve[1]}'`, {
          code: 'resource_missing',
          param: 'intent',
        }),
      };
    }
    return { status: 404, body: invalidRequestError(`Unrecognized request URL (${method}: ${path}).`) };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const chunk of req) raw += String(chunk);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = req.method ?? 'GET';
    if (!url.pathname.startsWith('/v1/')) {
      const hosted = await hostedPage(method, url.pathname, billing);
      if (hosted) {
        res.writeHead(hosted.status, hosted.headers).end(hosted.body);
        return;
      }
    }
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : raw);
    const idempotencyKey = header(req, 'idempotency-key');
    const authorization = header(req, 'authorization');
    const requestId = stripeId('req');
    const entry = { method, path: url.pathname, authorization, idempotencyKey, params, replayed: false };
    requests.push(entry);
    const send = (status: number, body: Json, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': requestId,
        'stripe-version': header(req, 'stripe-version') ?? DEFAULT_API_VERSION,
        ...extra,
      });
      res.end(JSON.stringify(body, null, 2));
    };

    const failure = failures[0];
    if (failure) {
      if (--failure.times <= 0) failures.shift();
      if (failure.hang) return; // no answer: the client times out
      send(failure.status, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      return;
    }
    const authError = checkAuthorization(authorization, secretKey);
    if (authError) return send(401, invalidRequestError(authError));

    // Stripe scopes keys to the account; one account here. Only POSTs are idempotent requests.
    const fingerprint = JSON.stringify([method, url.pathname, params]);
    const stored = method === 'POST' && idempotencyKey ? idempotency.get(idempotencyKey) : undefined;
    if (stored && idempotencyKey) {
      if (stored.fingerprint !== fingerprint) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      entry.replayed = true;
      return send(stored.status, stored.body, { 'idempotent-replayed': 'true' });
    }
    const apiVersion = header(req, 'stripe-version') ?? DEFAULT_API_VERSION;
    const answer = route(method, url.pathname, params, {
      apiVersion,
      requestId,
      idempotencyKey: idempotencyKey ?? null,
    });
    if (method === 'POST' && idempotencyKey) idempotency.set(idempotencyKey, { fingerprint, ...answer });
    send(answer.status, answer.body);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify(invalidRequestError(error instanceof Error ? error.message : String(error))));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    endpoint: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    webhookSecret,
    requests,
    paymentIntents,
    events,
    proPriceId: (options.prices ?? [DEFAULT_PRO_PRICE])[0]?.id ?? DEFAULT_PRO_PRICE.id,
    billing,
    addWebhookEndpoint: (endpoint) => void endpoints.push(endpoint),
    failNext(failure = {}) {
      failures.push({
        status: failure.status ?? 500,
        hang: failure.hang ?? false,
        times: failure.times ?? 1,
      });
    },
    signatureHeader,
    deliver,
    settled: () => Promise.all(deliveries),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

interface EventMeta extends EventSource {
  apiVersion: string;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Stripe's answers for a missing or wrong key; the key shown masked as Stripe does. */
function checkAuthorization(authorization: string | undefined, secretKey: string): string | null {
  const key = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (!key) {
    return "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
  }
  if (key !== secretKey) return `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`;
  return null;
}
