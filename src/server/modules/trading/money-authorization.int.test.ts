/**
 * The authorisation matrix of issue #7: two traders with money, a withdrawal, a trade, a referral
 * and preferences each. Neither can read or change the other's (403 or 404, never data), an
 * Idempotency-Key is the caller's own (another trader reusing it gets nothing of the first's), a
 * trader gets 403 from the admin's approve and reject, and anonymous callers get 401 everywhere.
 * Personal API keys (issue #21): a key reads only its owner's, moves no money, and another trader
 * neither lists nor revokes it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../testing/test-app';
import { postWithdrawal } from '../payments/testing/payments-helpers';
import { createTradingWorld, type TradingWorld } from './testing/trading-fixture';

interface Holdings {
  user: TestUser;
  withdrawalId: string;
  tradeId: string;
  referralCode: string;
}

let world: TradingWorld;
let alice: Holdings;
let bob: Holdings;

const call = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  key?: string,
) =>
  world.t.app.inject({
    method,
    url,
    headers: { ...(user?.auth ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

async function holdings(name: string, offerSymbol: string): Promise<Holdings> {
  const user = await world.trader(name, 50_000);
  const withdrawal = await postWithdrawal(world.t.app, user, 25);
  const offerId = await world.offer(offerSymbol, { positionType: 'long', expectedProfitPercent: 2 });
  const accepted = await world.accept(user, offerId, { entryAmount: 100 });
  expect(accepted.statusCode).toBe(200);
  await call(user, 'PUT', '/api/users/preferences', { minSuccessRate: 55, preferredPairs: [offerSymbol] });
  const me = (await call(user, 'GET', '/api/me')).json<{ referralCode: string }>();
  return {
    user,
    withdrawalId: withdrawal.json<{ payment: { id: string } }>().payment.id,
    tradeId: accepted.json<{ trade: { id: string } }>().trade.id,
    referralCode: me.referralCode,
  };
}

beforeAll(async () => {
  world = await createTradingWorld();
  alice = await holdings('Alice', 'BTC/USD');
  bob = await holdings('Bob', 'ETH/USD');
  // Bob was referred by Alice: the referral is both of theirs, and nobody else's.
  expect(
    (await call(bob.user, 'POST', '/api/referrals/create', { referralCode: alice.referralCode })).statusCode,
  ).toBe(200);
}, 120_000);
afterAll(async () => world.close());

describe("one trader and another's money", () => {
  it("never reads the other's payments, trades, referrals or preferences", async () => {
    const mallory = await world.trader('Mallory', 0);
    const theirs = [
      alice.user.id,
      bob.user.id,
      alice.withdrawalId,
      bob.withdrawalId,
      alice.tradeId,
      bob.tradeId,
    ];
    for (const url of [
      '/api/payments/balance',
      '/api/payments/stats',
      '/api/payments/payment-history',
      '/api/trades/trades',
      '/api/referrals',
      '/api/users/preferences',
      '/api/telegram',
      '/api/notifications',
      '/api/notifications/email-settings',
    ]) {
      const res = await call(mallory, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      for (const id of theirs) expect(res.body, url).not.toContain(id);
    }
    expect((await call(mallory, 'GET', '/api/payments/balance')).json()).toEqual({ balance: 0, held: 0 });
    expect((await call(mallory, 'GET', '/api/users/preferences')).json()).toMatchObject({
      minSuccessRate: 70,
      preferredPairs: [],
    });
    for (const id of [alice.tradeId, bob.tradeId]) {
      const res = await call(mallory, 'GET', `/api/trades/${id}/status`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Trade not found' });
    }
    // Each of the two sees their own trade and not the other's.
    expect((await call(alice.user, 'GET', `/api/trades/${alice.tradeId}/status`)).statusCode).toBe(200);
    expect((await call(alice.user, 'GET', `/api/trades/${bob.tradeId}/status`)).statusCode).toBe(404);
    const aliceHistory = (await call(alice.user, 'GET', '/api/payments/payment-history')).body;
    expect(aliceHistory).toContain(alice.withdrawalId);
    expect(aliceHistory).not.toContain(bob.withdrawalId);
  });

  it("gets nothing of another's Idempotency-Key answer: keys belong to their user", async () => {
    const key = 'shared-key-0001';
    const first = await call(alice.user, 'POST', '/api/payments/withdrawal', { amount: 21 }, key);
    expect(first.statusCode).toBe(200);
    const other = await call(bob.user, 'POST', '/api/payments/withdrawal', { amount: 21 }, key);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json<{ payment: { id: string } }>().payment.id).not.toBe(
      first.json<{ payment: { id: string } }>().payment.id,
    );
  });

  it('gets 403 from the approve and reject routes, and the withdrawal stays pending', async () => {
    for (const user of [alice.user, bob.user]) {
      const approve = await call(user, 'POST', `/api/admin/approve-withdrawal/${bob.withdrawalId}`, {});
      const reject = await call(user, 'POST', `/api/admin/reject-withdrawal/${alice.withdrawalId}`, {
        reason: 'mine now',
      });
      expect([approve.statusCode, reject.statusCode]).toEqual([403, 403]);
      expect(approve.json()).toEqual({ error: 'Admin access required' });
    }
    const history = (await call(alice.user, 'GET', '/api/payments/payment-history')).json<{
      payments: { id: string; status: string }[];
    }>();
    expect(history.payments.find((p) => p.id === alice.withdrawalId)?.status).toBe('pending');
  });

  it("spends only the caller's money on accept, whatever user the body names", async () => {
    const before = await world.balances(alice.user);
    const offerId = await world.offer('BTC/USD', { positionType: 'short', expectedProfitPercent: 2 });
    // Bob's accept spends Bob's money, whatever else the body says.
    const res = await call(bob.user, 'POST', `/api/offers/${offerId}/accept`, {
      entryAmount: 50,
      userId: alice.user.id,
    });
    expect(res.statusCode === 200 || res.statusCode === 400).toBe(true);
    expect(await world.balances(alice.user)).toEqual(before);
  });

  it("keeps a trader's API keys theirs: a key reads its owner's only and moves no money", async () => {
    const made = await call(alice.user, 'POST', '/api/account/api-keys', { name: 'Bot', scopes: ['read'] });
    const { key, apiKey } = made.json<{ key: string; apiKey: { id: string } }>();
    const withKey = { ...alice.user, auth: { authorization: `Bearer ${key}` } };
    const mallory = await world.trader('Mallet', 0);
    expect((await call(mallory, 'GET', '/api/account/api-keys')).json()).toEqual({ apiKeys: [] });
    const stolen = await call(mallory, 'DELETE', `/api/account/api-keys/${apiKey.id}`);
    expect([stolen.statusCode, stolen.json()]).toEqual([404, { error: 'API key not found' }]);
    // Alice's key reads Alice's, never Bob's.
    const history = await call(withKey, 'GET', '/api/payments/payment-history');
    expect(history.body).toContain(alice.withdrawalId);
    expect(history.body).not.toContain(bob.withdrawalId);
    expect((await call(withKey, 'GET', `/api/trades/${bob.tradeId}/status`)).statusCode).toBe(404);
    const before = await world.balances(alice.user);
    const moves: ['POST' | 'PUT', string, object?][] = [
      ['POST', '/api/payments/withdrawal', { amount: 20 }],
      ['POST', '/api/payments/deposit', { amount: 10, paymentMethodId: 'pm_card_visa' }],
      ['POST', '/api/payments/tip', { amount: 1, auto: false }],
      ['POST', '/api/referrals/create', { referralCode: bob.referralCode }],
      ['PUT', '/api/users/preferences', { minSuccessRate: 1 }],
      ['POST', '/api/billing/checkout', {}],
      ['POST', '/api/billing/cancel', {}],
      ['POST', `/api/admin/approve-withdrawal/${alice.withdrawalId}`, {}],
    ];
    for (const [method, url, payload] of moves) {
      const res = await call(withKey, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await world.balances(alice.user)).toEqual(before);
    expect((await call(alice.user, 'DELETE', `/api/account/api-keys/${apiKey.id}`)).statusCode).toBe(200);
    expect((await call(withKey, 'GET', '/api/payments/balance')).statusCode).toBe(401);
  });

  it('answers 401 to anonymous callers on every money route', async () => {
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/payments/balance'],
      ['GET', '/api/payments/stats'],
      ['GET', '/api/payments/payment-history'],
      ['POST', '/api/payments/deposit', { amount: 10, paymentMethodId: 'pm_card_visa' }],
      ['POST', '/api/payments/withdrawal', { amount: 20 }],
      ['POST', '/api/payments/tip', { amount: 1, auto: false }],
      ['GET', '/api/trades/trades'],
      ['GET', `/api/trades/${alice.tradeId}/status`],
      ['GET', '/api/trades/guardrails'],
      ['GET', '/api/trades/halt'],
      ['GET', '/api/billing/plan'],
      ['POST', '/api/billing/checkout', {}],
      ['POST', '/api/billing/portal', {}],
      ['POST', '/api/billing/cancel', {}],
      ['POST', '/api/billing/resume', {}],
      ['POST', `/api/offers/${alice.tradeId}/accept`, { entryAmount: 10 }],
      ['POST', `/api/offers/${alice.tradeId}/reject`],
      ['GET', '/api/referrals'],
      ['GET', '/api/referrals/leaderboard'],
      ['POST', '/api/referrals/create', { referralCode: alice.referralCode }],
      ['GET', '/api/users/preferences'],
      ['PUT', '/api/users/preferences', {}],
      ['GET', '/api/telegram'],
      ['POST', '/api/telegram/link-code'],
      ['DELETE', '/api/telegram/link'],
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/read', { all: true }],
      ['GET', '/api/notifications/email-settings'],
      ['PUT', '/api/notifications/email-settings', { tradeClosed: false, withdrawals: false, digest: false }],
      ['POST', `/api/admin/approve-withdrawal/${alice.withdrawalId}`, {}],
      ['POST', `/api/admin/reject-withdrawal/${alice.withdrawalId}`, { reason: 'x' }],
      ['GET', '/api/account/api-keys'],
      ['POST', '/api/account/api-keys', { name: 'Bot', scopes: ['read'] }],
      ['DELETE', `/api/account/api-keys/${alice.tradeId}`],
    ];
    for (const [method, url, payload] of routes) {
      const res = await call(null, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
