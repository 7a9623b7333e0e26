import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalsResponse } from '../../../contract/admin-approvals';
import type { PaymentResult } from '../../../contract/payments';
import { fundUser, postWithdrawal } from '../payments/testing/payments-helpers';
import { createTestAppWithUsers, signUp, type TestApp, type TestUser } from '../../testing/test-app';

let t: TestApp;
let admin: TestUser;
let ada: TestUser;
let bob: TestUser;
const ids: Record<string, string> = {};

const list = async (query: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/admin/approvals?${query}`,
    headers: admin.auth,
  });
  return { status: res.statusCode, body: res.json<ApprovalsResponse & { error?: string }>() };
};

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithUsers());
  ada = await signUp(t.app, 'Ada Approvals');
  bob = await signUp(t.app, 'Bob Approvals');
  await fundUser(t.app, ada, 500);
  await fundUser(t.app, bob, 500);
  for (const [who, user, amount] of [
    ['ada20', ada, 20],
    ['bob35', bob, 35],
    ['ada50', ada, 50],
  ] as const) {
    const res = await postWithdrawal(t.app, user, amount);
    expect(res.statusCode, res.body).toBe(200);
    ids[who] = res.json<PaymentResult>().payment.id;
  }
  // Approved: no longer waiting, so never listed.
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/admin/approve-withdrawal/${ids.bob35}`,
    headers: admin.auth,
  });
  expect(approved.statusCode).toBe(200);
}, 60_000);
afterAll(async () => t.close());

describe('GET /api/admin/approvals', () => {
  it('lists the withdrawals waiting for approval, oldest first, with their owner', async () => {
    const { status, body } = await list('page=1&pageSize=10');
    expect(status).toBe(200);
    expect(body.total).toBe(2);
    expect(body.approvals.map((a) => a.id)).toEqual([ids.ada20, ids.ada50]);
    expect(body.approvals[0]).toMatchObject({
      type: 'withdrawal',
      amount: 20,
      status: 'pending',
      User: { email: ada.email },
    });
  });

  it('pages, and filters by user, exact amount and the day of the request', async () => {
    const second = await list('page=2&pageSize=10');
    expect(second.body).toEqual({ approvals: [], total: 2 });
    expect((await list(`user=${encodeURIComponent(ada.email.toUpperCase())}`)).body.total).toBe(2);
    expect((await list('user=nobody-like-this')).body).toEqual({ approvals: [], total: 0 });
    expect((await list('amount=50')).body.approvals.map((a) => a.id)).toEqual([ids.ada50]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`date=${today}`)).body.total).toBe(2);
    expect((await list('date=2001-01-01')).body.total).toBe(0);
  });

  it('refuses a bad query with 400 { error }', async () => {
    for (const query of ['pageSize=100', 'page=0', 'amount=-1', 'date=yesterday']) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.error, query).toEqual(expect.any(String));
    }
  });

  it('is the admin’s only: a trader gets 403', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/approvals', headers: bob.auth });
    expect(res.statusCode).toBe(403);
  });
});
