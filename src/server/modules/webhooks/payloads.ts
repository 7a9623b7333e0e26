/**
 * What an endpoint receives, by format (pure; docs/webhooks.md shows each body):
 * - `heatsignal`: the event itself, `{ id, type, createdAt, data, summary }`, signed;
 * - `freqtrade`: the body of Freqtrade's REST `POST /api/v1/forceenter` for a new offer, with HTTP
 *   basic auth from the trader's stored credentials (its test event is a `GET /api/v1/version`,
 *   which checks the address and the credentials without entering a trade);
 * - `3commas`: a signal bot's custom-signal JSON: enter on a new offer or an opened trade, exit when
 *   the trade closes.
 * Deliveries store the HeatSignal event only; the body in the endpoint's format (a 3Commas body
 * carries the bot's secret) is built here at each attempt and never stored nor logged.
 */
import type { Offer } from '../../../contract/offers';
import type { Trade } from '../../../contract/trades';
import {
  WEBHOOK_SIGNATURE_HEADER,
  webhookFormats,
  type WebhookEventType,
  type WebhookFormat,
} from '../../../contract/webhooks';
import type { UserEvent, UserEventSubject } from '../notifications/user-events';
import { signWebhook } from './signature';

/** The HeatSignal event: the body of the `heatsignal` format, and what a delivery stores. */
export interface WebhookEvent {
  /** Stable per event (`offer.created:<offer id>`): the same in every delivery and every retry. */
  id: string;
  type: WebhookEventType | 'test';
  createdAt: string;
  /** The subject: `{ offer }`, `{ trade }`, `{ withdrawal }`, `{ guardrail }`, or a test's `{ message }`. */
  data: Record<string, unknown>;
  summary: { title: string; body: string; url: string | null };
}

export type Side = 'long' | 'short';

/** The side a position type enters on; null for balanced and neutral ones (no side to enter). */
export function sideOf(positionType: string): Side | null {
  if (/long|bullish/.test(positionType)) return 'long';
  if (/short|bearish/.test(positionType)) return 'short';
  return null;
}

function dataOf(subject: UserEventSubject): Record<string, unknown> {
  switch (subject.kind) {
    case 'offer.created':
      return { offer: subject.offer };
    case 'trade.opened':
    case 'trade.closed':
      return { trade: subject.trade };
    case 'withdrawal.approved':
    case 'withdrawal.rejected':
      return { withdrawal: subject.withdrawal };
    case 'guardrail.triggered':
      return { guardrail: subject.guardrail };
    case 'webhook.disabled':
      return { webhook: subject.webhook };
  }
}

export function webhookEventOf(
  event: Omit<UserEvent, 'recipients' | 'kind'> & { kind: WebhookEventType },
  publicUrl: string,
): WebhookEvent {
  return {
    id: event.id,
    type: event.kind,
    createdAt: event.at,
    data: dataOf(event.subject),
    summary: { title: event.title, body: event.body, url: event.link ? `${publicUrl}${event.link}` : null },
  };
}

export function testEventOf(id: string, at: Date): WebhookEvent {
  return {
    id,
    type: 'test',
    createdAt: at.toISOString(),
    data: { message: 'A test event from HeatSignal: this endpoint is reachable.' },
    summary: { title: 'Test event', body: 'HeatSignal can reach this endpoint.', url: null },
  };
}

/** The side of a subject a trading bot can act on, if any. */
function sideOfSubject(subject: UserEventSubject): Side | null {
  if (subject.kind === 'offer.created') return sideOf(subject.offer.positionType);
  if (subject.kind === 'trade.opened' || subject.kind === 'trade.closed')
    return sideOf(subject.trade.positionType);
  return null;
}

/** The formats that can carry this event (a bot gets nothing it could not act on). */
export function formatsCarrying(subject: UserEventSubject): WebhookFormat[] {
  const side = sideOfSubject(subject);
  return webhookFormats.filter((format) => {
    if (format === 'heatsignal') return true;
    if (format === 'freqtrade') return subject.kind === 'offer.created' && side !== null;
    return side !== null;
  });
}

/** An endpoint as a request is built for it: its options and its opened credentials. */
export interface EndpointForRequest {
  url: string;
  format: WebhookFormat;
  freqtrade?: { username: string; password: string; ordertype: 'market' | 'limit' };
  threeCommas?: { botUuid: string; secret: string; maxLag: number | null };
}

export type OutboundRequest =
  | { method: 'POST'; url: string; headers: Record<string, string>; body: string }
  | { method: 'GET'; url: string; headers: Record<string, string> }
  | { cannot: string };

/** Kraken is where HeatSignal's pairs trade; a 3Commas bot is set up for the same market. */
export const THREE_COMMAS_EXCHANGE = 'KRAKEN';

export function buildRequest(input: {
  endpoint: EndpointForRequest;
  event: WebhookEvent;
  deliveryId: string;
  /** The endpoint's signing secret. */
  secret: string;
  nowSeconds: number;
  /** Freqtrade's stake in dollars (the endpoint's, else the trader's minimum entry). */
  stakeAmount?: number;
}): OutboundRequest {
  const { endpoint, event } = input;
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'HeatSignal-Webhooks/1.0',
    'heatsignal-event': event.type,
    'heatsignal-event-id': event.id,
    'heatsignal-delivery': input.deliveryId,
  };
  const post = (body: object, extra: Record<string, string> = {}): OutboundRequest => {
    const text = JSON.stringify(body);
    return {
      method: 'POST',
      url: endpoint.url,
      headers: {
        ...headers,
        ...extra,
        [WEBHOOK_SIGNATURE_HEADER.toLowerCase()]: signWebhook(input.secret, input.nowSeconds, text),
      },
      body: text,
    };
  };

  switch (endpoint.format) {
    case 'heatsignal':
      // In this order (the stored jsonb does not keep it), for people reading it.
      return post({
        id: event.id,
        type: event.type,
        createdAt: event.createdAt,
        data: event.data,
        summary: { title: event.summary.title, body: event.summary.body, url: event.summary.url },
      });
    case 'freqtrade': {
      const credentials = endpoint.freqtrade;
      if (!credentials) return { cannot: 'The Freqtrade credentials cannot be read: enter them again' };
      const auth = { authorization: basicAuth(credentials.username, credentials.password) };
      if (event.type === 'test') {
        return { method: 'GET', url: freqtradeVersionUrl(endpoint.url), headers: { ...headers, ...auth } };
      }
      const offer = event.data.offer as Offer | undefined;
      const side = offer && event.type === 'offer.created' ? sideOf(offer.positionType) : null;
      if (!offer || !side) return { cannot: `Freqtrade cannot act on ${event.type}` };
      return post(
        {
          pair: offer.pair,
          side,
          ordertype: credentials.ordertype,
          stakeamount: input.stakeAmount,
          entry_tag: `heatsignal:${offer.id}`,
        },
        auth,
      );
    }
    case '3commas': {
      const bot = endpoint.threeCommas;
      if (!bot) return { cannot: "The 3Commas bot's secret cannot be read: enter it again" };
      const signal = threeCommasSignal(event);
      if (!signal) return { cannot: `3Commas cannot act on ${event.type}` };
      return post({
        secret: bot.secret,
        ...(bot.maxLag !== null && { max_lag: String(bot.maxLag) }),
        timestamp: event.createdAt,
        ...(signal.price !== null && { trigger_price: String(signal.price) }),
        tv_exchange: THREE_COMMAS_EXCHANGE,
        tv_instrument: signal.pair.replace('/', ''),
        action: signal.action,
        bot_uuid: bot.botUuid,
      });
    }
  }
}

function threeCommasSignal(event: WebhookEvent) {
  if (event.type === 'offer.created') {
    const offer = event.data.offer as Offer;
    const side = sideOf(offer.positionType);
    return side && { pair: offer.pair, action: `enter_${side}`, price: null };
  }
  if (event.type === 'trade.opened' || event.type === 'trade.closed') {
    const trade = event.data.trade as Trade;
    const side = sideOf(trade.positionType);
    if (!side) return null;
    return event.type === 'trade.opened'
      ? { pair: trade.pair, action: `enter_${side}`, price: trade.entryPrice }
      : { pair: trade.pair, action: `exit_${side}`, price: trade.exitPrice };
  }
  return null;
}

const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** A Freqtrade endpoint's URL ends with /api/v1/forceenter; its version call sits beside it. */
export const FREQTRADE_PATH = '/api/v1/forceenter';
export function freqtradeVersionUrl(forceenterUrl: string): string {
  const url = new URL(forceenterUrl);
  url.pathname = url.pathname.replace(/\/forceenter\/?$/, '/version');
  return url.href;
}
