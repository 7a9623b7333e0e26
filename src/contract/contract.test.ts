import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import { fillPath, type Endpoint } from './common';
import { serverToClientEventSchemas } from './events';
import { heatMapEntrySchema, heatMapSchema } from './heatmap';
import { acceptOfferResponseSchema, offerSchema } from './offers';

type AnyEndpoint = Endpoint<z.ZodType | undefined, z.ZodType | undefined, z.ZodType, z.ZodType | undefined>;

const endpoints = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, AnyEndpoint] =>
    typeof entry[1] === 'object' &&
    entry[1] !== null &&
    'method' in entry[1] &&
    'path' in entry[1] &&
    'response' in entry[1],
);
const routeKeys = endpoints.map(([, e]) => `${e.method} ${e.path}`);

/** Every call of trader-app.md section 7 and admin-back-office.md section 7, plus the README additions. */
const SPEC_CALLS = [
  'GET /api/me',
  'POST /api/contact',
  'GET /api/offers/heat-map',
  'GET /api/payments/stats',
  'GET /api/offers',
  'POST /api/offers/:id/accept',
  'POST /api/offers/:id/reject',
  'POST /api/offers/:offerId/feedback',
  'GET /api/pairs/ticker/:pair',
  'GET /api/pairs/subscribe',
  'GET /api/users/preferences',
  'PUT /api/users/preferences',
  'GET /api/payments/balance',
  'GET /api/payments/payment-history',
  'POST /api/payments/deposit',
  'POST /api/payments/withdrawal',
  'POST /api/payments/tip',
  'GET /api/trades/trades',
  'GET /api/trades/:id/status',
  'GET /api/referrals',
  'GET /api/referrals/leaderboard',
  'POST /api/referrals/create',
  'GET /api/signal-quality',
  'GET /api/admin/heat-map',
  'GET /api/admin/heatmap/live',
  ...[
    'analyses',
    'analysis-snapshots',
    'all-audit-logs',
    'all-crypto-pairs',
    'ticker-logs',
    'offers',
    'all-triggers',
    'payments',
    'users',
    'user-offers',
    'action-logs',
    'user-preferences',
  ].map((p) => `GET /api/admin/${p}`),
  'GET /api/admin/approvals',
  'GET /api/admin/global-settings',
  'PATCH /api/admin/global-settings',
  'GET /api/admin/system-health',
  'GET /api/admin/reports',
  'GET /api/admin/reports/csv',
  'GET /api/admin/reports/pdf',
  'POST /api/admin/manage-triggers',
  'POST /api/admin/manage-pairs',
  'POST /api/admin/sync-kraken-pairs',
  'POST /api/admin/approve-withdrawal/:id',
  'POST /api/admin/reject-withdrawal/:id',
  'POST /api/triggers/webhook',
  // Signing keys of the webhook (issue #6).
  'POST /api/admin/webhook-secrets',
  'GET /api/admin/webhook-secrets',
  'DELETE /api/admin/webhook-secrets/:id',
  // Guardrails shown on the Settings screen and the card provider's webhook (issue #7).
  'GET /api/trades/guardrails',
  'POST /api/payments/webhook/stripe',
  // The data of the richer pair-details modal of the admin screens (trader spec 2.7, issue #9).
  'GET /api/admin/pair-details/:pair',
  // The account's own sessions and data (issue #18).
  'GET /api/account/sessions',
  'DELETE /api/account/sessions/:id',
  'POST /api/account/sessions/revoke-others',
  'GET /api/account/export',
  'POST /api/account/delete',
  'GET /api/sign-in-options',
  'POST /api/sso-session',
  'GET /api/track-record',
  'GET /api/track-record/export',
  'GET /api/track-record/verifier',
  'GET /api/admin/reconciliation',
  'POST /api/admin/reconciliation/run',
  'POST /api/admin/reconciliation/:id/acknowledge',
  'GET /api/billing/plan',
  'POST /api/billing/checkout',
  'POST /api/billing/portal',
  'POST /api/billing/cancel',
  'POST /api/billing/resume',
  'POST /api/billing/webhook/stripe',
  'GET /api/admin/subscriptions',
  // The kill switch (issue #20): traders read it, admins halt and resume.
  'GET /api/trades/halt',
  'GET /api/admin/trading/halt',
  'POST /api/admin/trading/halt',
  'POST /api/admin/trading/resume',
  // The API described as OpenAPI 3.1, generated from this contract.
  'GET /api/openapi.json',
  // Personal API keys (issue #21), managed on Settings by a signed-in session.
  'GET /api/account/api-keys',
  'POST /api/account/api-keys',
  'DELETE /api/account/api-keys/:id',
  // Outbound webhooks (issue #21), managed on Settings by a signed-in session.
  'GET /api/webhooks',
  'POST /api/webhooks',
  'PATCH /api/webhooks/:id',
  'DELETE /api/webhooks/:id',
  'POST /api/webhooks/:id/rotate-secret',
  'POST /api/webhooks/:id/test',
  'GET /api/webhooks/:id/deliveries',
  // Telegram (issue #21): the link with the bot, managed on Settings by a signed-in session.
  'GET /api/telegram',
  'POST /api/telegram/link-code',
  'DELETE /api/telegram/link',
  // The bell and email notifications (issue #21): the caller's own, and each mail's unsubscribe link.
  'GET /api/notifications',
  'POST /api/notifications/read',
  'GET /api/notifications/email-settings',
  'PUT /api/notifications/email-settings',
  'GET /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe',
];

/** Schema node kinds fastify-type-provider-zod's serializer (z.safeEncode) cannot run backwards. */
function oneWayNodes(schema: z.ZodType, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  if (def.type === 'transform' || def.type === 'pipe') return [def.type];
  const children: unknown[] = [];
  if (def.type === 'object') children.push(...Object.values(def.shape as Record<string, unknown>));
  if (def.type === 'union') children.push(...(def.options as unknown[]));
  for (const key of ['element', 'innerType', 'keyType', 'valueType', 'left', 'right'])
    children.push(def[key]);
  return children.filter((c): c is z.ZodType => c instanceof z.ZodType).flatMap((c) => oneWayNodes(c, seen));
}

const at = '2026-11-21T10:00:00.000Z';
const sampleOffer: z.input<typeof offerSchema> = {
  id: 'off_1',
  pair: 'BTC/USD',
  positionType: 'scalp_long',
  expectedProfitPercent: 0.42,
  riskLevel: 'medium',
  successRate: 61.5,
  heatScore: 78.25,
  progrevScore: 0.58,
  status: 'hot',
  createdAt: at,
  updatedAt: at,
  expiration: '2026-11-21T10:30:00.000Z',
  aiComments: { summary: 'Volume 3.4× its 7-day median with RSI 64.' },
  volume: null,
  leverage: null,
  provenance: {
    figures: { rsi14: 64, volumeRatio: 3.4 },
    triggerId: null,
    dataCutoff: at,
    engineVersion: '1.0.0',
    sampleSize: 212,
    publishedBy: 'thresholds',
    gate: null,
  },
  successDefinition: { takeProfitPercent: 1.2, stopLossPercent: 0.8, horizonMinutes: 30, feePercent: 0.26 },
  outcome: null,
  outcomeAt: null,
};

describe('endpoint descriptors', () => {
  it('cover every call of both spec documents, once each', () => {
    expect(new Set(routeKeys).size).toBe(routeKeys.length);
    expect([...routeKeys].sort()).toEqual([...SPEC_CALLS].sort());
  });

  it('use /api paths whose :params match their params schema', () => {
    for (const [name, e] of endpoints) {
      expect(e.path, name).toMatch(/^\/api\//);
      const placeholders = [...e.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]).sort();
      const keys = e.params instanceof z.ZodObject ? Object.keys(e.params.shape).sort() : [];
      expect(keys, name).toEqual(placeholders);
    }
  });

  it('have JSON responses the server can serialise with z.safeEncode (no one-way transforms)', () => {
    expect(oneWayNodes(z.object({ a: z.array(z.string().transform(Number)).nullable() }))).toEqual(['pipe']);
    expect(oneWayNodes(contract.listOffersQuerySchema).length).toBeGreaterThan(0);
    for (const [name, e] of endpoints) expect(oneWayNodes(e.response), name).toEqual([]);
    for (const schema of Object.values(serverToClientEventSchemas)) expect(oneWayNodes(schema)).toEqual([]);
  });

  it('admin calls are admin-only and the landing heat map works without a token', () => {
    for (const [name, e] of endpoints) {
      if (e.path.startsWith('/api/admin/')) expect(e.auth, name).toBe('admin');
    }
    expect(contract.heatMapEndpoint.auth).toBe('optional');
  });
});

describe('response schemas', () => {
  it('encode a full offer and strip fields the contract does not publish', () => {
    const result = z.safeEncode(offerSchema, { ...sampleOffer, internalCents: 12345 } as z.output<
      typeof offerSchema
    >);
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('internalCents');
  });

  it('refuse Date objects and missing provenance in an offer', () => {
    expect(offerSchema.safeParse({ ...sampleOffer, createdAt: new Date() }).success).toBe(false);
    const { provenance: _p, ...withoutProvenance } = sampleOffer;
    expect(offerSchema.safeParse(withoutProvenance).success).toBe(false);
  });

  it('accept response carries the trade and the balance', () => {
    const trade = {
      id: 't1',
      offerId: 'off_1',
      pair: 'BTC/USD',
      positionType: 'scalp_long',
      amount: 100,
      profit: 0,
      status: 'open',
      entryPrice: 97000.5,
      exitPrice: null,
      autoCloseProfitPercent: 5,
      openedAt: at,
      closedAt: null,
    };
    expect(acceptOfferResponseSchema.safeParse({ trade, balance: 900 }).success).toBe(true);
    expect(
      acceptOfferResponseSchema.safeParse({ trade: { ...trade, status: 'pending' }, balance: 900 }).success,
    ).toBe(false);
  });

  it('heat map is keyed by pair symbol', () => {
    const entry = {
      pair: 'ETH/USD',
      heatScore: 55,
      successRate: 60,
      progrevScore: 0.5,
      positionType: 'long',
      refereeTrend: 'bullish',
      refereeRisk: 'low',
      refereeComment: 'No recent analysis',
      status: 'open',
      density: 0.3,
      tickerData: {
        price_7d: 3000,
        change_7d: 2.1,
        volume_7d: 1e9,
        volatility_7d: 3.2,
        price_history: [{ x: 1, y: 2 }],
        volume_history: [],
      },
      aiComments: { summary: 'None' },
      activeTriggers: [],
      recentErrors: [],
      selectedAnalyses: [{ analysisId: 'a1' }],
      lastUpdated: at,
    };
    expect(heatMapEntrySchema.safeParse(entry).success).toBe(true);
    expect(heatMapSchema.safeParse({ 'ETH/USD': entry }).success).toBe(true);
    expect(heatMapSchema.safeParse({ 'eth-usd': entry }).success).toBe(false);
  });
});

describe('fillPath', () => {
  it('URL-encodes pair symbols and refuses missing params', () => {
    expect(fillPath(contract.pairTickerEndpoint.path, { pair: 'BTC/USD' })).toBe(
      '/api/pairs/ticker/BTC%2FUSD',
    );
    expect(fillPath(contract.acceptOfferEndpoint.path, { id: 'o 1' })).toBe('/api/offers/o%201/accept');
    expect(() => fillPath(contract.tradeStatusEndpoint.path, {})).toThrow(/id/);
  });
});
