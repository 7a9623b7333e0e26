import { describe, expect, it } from 'vitest';
import type { Offer } from '../../../contract/offers';
import type { Trade } from '../../../contract/trades';
import type { WebhookEventType } from '../../../contract/webhooks';
import type { UserEvent } from '../notifications/user-events';
import {
  buildRequest,
  formatsCarrying,
  freqtradeVersionUrl,
  sideOf,
  testEventOf,
  webhookEventOf,
  type EndpointForRequest,
  type WebhookEvent,
} from './payloads';
import { verifyWebhookSignature } from './signature';

const at = '2026-11-21T10:00:00.000Z';
const offer = {
  id: 'off-1',
  pair: 'BTC/USD',
  positionType: 'scalp_short',
  expectedProfitPercent: 0.8,
  riskLevel: 'medium',
  successRate: 64,
  heatScore: 71,
  progrevScore: 0.6,
  status: 'hot',
  createdAt: at,
  updatedAt: at,
  expiration: '2026-11-21T11:00:00.000Z',
} as unknown as Offer;
const trade = {
  id: 'trd-1',
  offerId: 'off-1',
  pair: 'ETH/USD',
  positionType: 'long',
  amount: 250,
  profit: 1.2,
  status: 'closed',
  entryPrice: 2000,
  exitPrice: 2024.5,
  autoCloseProfitPercent: null,
  openedAt: at,
  closedAt: at,
} as unknown as Trade;

const userEvent = (
  subject: Extract<UserEvent['subject'], { kind: WebhookEventType }>,
  id: string,
): Parameters<typeof webhookEventOf>[0] => ({
  id,
  kind: subject.kind,
  at,
  subject,
  title: 'New offer: BTC/USD',
  body: 'Scalp short, 64 % success',
  link: '/offers',
});
const offerEvent = webhookEventOf(
  userEvent({ kind: 'offer.created', offer }, 'offer.created:off-1'),
  'https://hs.example.com',
);
const closedEvent = webhookEventOf(
  userEvent({ kind: 'trade.closed', trade }, 'trade.closed:trd-1'),
  'https://hs.example.com',
);

const secret = 'whsec_payload_test';
const nowSeconds = 1_790_000_000;
const build = (endpoint: EndpointForRequest, event: WebhookEvent, stakeAmount?: number) =>
  buildRequest({ endpoint, event, deliveryId: 'dlv-1', secret, nowSeconds, stakeAmount });

describe('the HeatSignal event', () => {
  it('carries the id, type, time, the subject as data and the words with an absolute link', () => {
    expect(offerEvent).toEqual({
      id: 'offer.created:off-1',
      type: 'offer.created',
      createdAt: at,
      data: { offer },
      summary: {
        title: 'New offer: BTC/USD',
        body: 'Scalp short, 64 % success',
        url: 'https://hs.example.com/offers',
      },
    });
  });

  it('is the signed body of a heatsignal endpoint, with the event and delivery named in headers', () => {
    const request = build({ url: 'https://r.example.com/hook', format: 'heatsignal' }, offerEvent);
    if (!('body' in request)) throw new Error('expected a POST');
    expect(JSON.parse(request.body)).toEqual(offerEvent);
    expect(Object.keys(JSON.parse(request.body) as object)).toEqual([
      'id',
      'type',
      'createdAt',
      'data',
      'summary',
    ]);
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'heatsignal-event': 'offer.created',
      'heatsignal-event-id': 'offer.created:off-1',
      'heatsignal-delivery': 'dlv-1',
    });
    const header = request.headers['heatsignal-signature'];
    expect(verifyWebhookSignature({ header, body: request.body, secret, nowSeconds }).ok).toBe(true);
  });
});

describe('Freqtrade', () => {
  const endpoint: EndpointForRequest = {
    url: 'https://ft.example.com/api/v1/forceenter',
    format: 'freqtrade',
    freqtrade: { username: 'freq', password: 'tr@de', ordertype: 'limit' },
  };

  it("POSTs forceenter's body for a new offer with HTTP basic auth", () => {
    const request = build(endpoint, offerEvent, 150);
    if (!('body' in request)) throw new Error('expected a POST');
    expect(request.url).toBe(endpoint.url);
    expect(JSON.parse(request.body)).toEqual({
      pair: 'BTC/USD',
      side: 'short',
      ordertype: 'limit',
      stakeamount: 150,
      entry_tag: 'heatsignal:off-1',
    });
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from('freq:tr@de').toString('base64')}`);
  });

  it('tests with GET /api/v1/version (no trade), and cannot carry other events', () => {
    const test = build(endpoint, testEventOf('test:1', new Date(at)));
    expect(test).toMatchObject({ method: 'GET', url: 'https://ft.example.com/api/v1/version' });
    expect(build(endpoint, closedEvent)).toEqual({ cannot: 'Freqtrade cannot act on trade.closed' });
    expect(freqtradeVersionUrl('http://10.0.0.5:8080/api/v1/forceenter/')).toBe(
      'http://10.0.0.5:8080/api/v1/version',
    );
  });

  it('says so when its credentials could not be opened', () => {
    expect(build({ url: endpoint.url, format: 'freqtrade' }, offerEvent, 10)).toHaveProperty('cannot');
  });
});

describe('3Commas signal bot', () => {
  const endpoint: EndpointForRequest = {
    url: 'https://api.3commas.io/signal_bots/webhooks',
    format: '3commas',
    threeCommas: { botUuid: 'bot-uuid-1', secret: 'eyJ3c-secret', maxLag: 300 },
  };

  it('enters on a new offer with the bot secret, uuid and TradingView instrument', () => {
    const request = build(endpoint, offerEvent);
    if (!('body' in request)) throw new Error('expected a POST');
    expect(JSON.parse(request.body)).toEqual({
      secret: 'eyJ3c-secret',
      max_lag: '300',
      timestamp: at,
      tv_exchange: 'KRAKEN',
      tv_instrument: 'BTCUSD',
      action: 'enter_short',
      bot_uuid: 'bot-uuid-1',
    });
  });

  it('exits when the trade closes, at its exit price', () => {
    const request = build(
      { ...endpoint, threeCommas: { ...endpoint.threeCommas!, maxLag: null } },
      closedEvent,
    );
    if (!('body' in request)) throw new Error('expected a POST');
    expect(JSON.parse(request.body)).toEqual({
      secret: 'eyJ3c-secret',
      timestamp: at,
      trigger_price: '2024.5',
      tv_exchange: 'KRAKEN',
      tv_instrument: 'ETHUSD',
      action: 'exit_long',
      bot_uuid: 'bot-uuid-1',
    });
  });
});

describe('which formats carry an event', () => {
  it('sends bots only what they can act on', () => {
    expect(formatsCarrying({ kind: 'offer.created', offer })).toEqual(['heatsignal', 'freqtrade', '3commas']);
    const balanced = { ...offer, positionType: 'balanced' } as Offer;
    expect(formatsCarrying({ kind: 'offer.created', offer: balanced })).toEqual(['heatsignal']);
    expect(formatsCarrying({ kind: 'trade.closed', trade })).toEqual(['heatsignal', '3commas']);
    expect(
      formatsCarrying({ kind: 'withdrawal.approved', withdrawal: { id: 'w', amount: 20, reason: null } }),
    ).toEqual(['heatsignal']);
  });

  it('reads the side of every kind of position type', () => {
    expect(['long', 'quick_long', 'hedge_long', 'ml_scalp_bullish'].map(sideOf)).toEqual(
      Array(4).fill('long'),
    );
    expect(['short', 'scalp_short', 'ml_scalp_bearish'].map(sideOf)).toEqual(Array(3).fill('short'));
    expect(['balanced', 'hedge_balanced', 'ml_scalp_neutral'].map(sideOf)).toEqual([null, null, null]);
  });
});
