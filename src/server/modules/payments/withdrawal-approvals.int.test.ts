import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApprovalResult } from '../../../contract/admin-approvals';
import type { PaymentHistoryResponse, PaymentResult } from '../../../contract/payments';
import { auditLogs, ledgerEntries, payments } from '../../db/schema';
import { createTestAppWithUsers, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { balanceOf, expectLedgerWhole, fundUser, postWithdrawal } from './testing/payments-helpers';

let t: TestApp;
let admin: TestUser;
let adminUsername: string;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithUsers());
  const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: admin.auth });
  adminUsername = me.json<{ username: string }>().username;
});
afterAll(async () => t.close());

const approve = (id: string, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'POST', url: `/api/admin/approve-withdrawal/${id}`, headers });
const reject = (id: string, reason: unknown, headers: Record<string, string> = admin.auth) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/reject-withdrawal/${id}`,
    headers,
    payload: reason === undefined ? {} : { reason },
  });

/** A trader with `funded` dollars who asked to withdraw `amount`. */
async function pendingWithdrawal(funded = 100, amount = 40) {
  const trader = await signUp(t.app);
  await fundUser(t.app, trader, funded);
  const res = await postWithdrawal(t.app, trader, amount);
  expect(res.statusCode).toBe(200);
  return { trader, id: res.json<PaymentResult>().payment.id };
}
const row = async (id: string) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const entriesOf = (id: string) => t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, id));

describe('approve-withdrawal', () => {
  it('pays the held funds out, completes the payment and names the admin', async () => {
    const { trader, id } = await pendingWithdrawal(100, 40);
    const res = await approve(id);
    expect(res.statusCode).toBe(200);
    const body = res.json<ApprovalResult>();
    expect(body.payment).toMatchObject({ id, type: 'withdrawal', amount: 40, status: 'completed' });
    expect(body.payment.User.email).toBe(trader.email);
    expect(body.payment.User.username).toBeTruthy();

    expect(await balanceOf(t.app, trader)).toEqual({ balance: 60, held: 0 });
    expect(await row(id)).toMatchObject({ status: 'completed', approvedBy: admin.id });
    const kinds = (await entriesOf(id)).map((e) => [e.kind, e.amountCents]).sort();
    expect(kinds).toEqual([
      ['withdrawal_hold', -4_000],
      ['withdrawal_hold', 4_000],
      ['withdrawal_payout', -4_000],
      ['withdrawal_payout', 4_000],
    ]);

    const history = await t.app.inject({
      method: 'GET',
      url: '/api/payments/payment-history',
      headers: trader.auth,
    });
    expect(history.json<PaymentHistoryResponse>().payments[0]).toMatchObject({
      id,
      status: 'completed',
      approvedBy: adminUsername,
      reason: null,
    });
    const stats = await t.app.inject({ method: 'GET', url: '/api/payments/stats', headers: trader.auth });
    expect(stats.json<{ data: { totalWithdrawals: number } }>().data.totalWithdrawals).toBe(40);

    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'payment.withdrawal_approved'));
    expect(audit).toMatchObject({
      userId: admin.id,
      details: {
        paymentId: id,
        ownerId: trader.id,
        before: { status: 'pending', heldCents: 4_000 },
        after: { status: 'completed', heldCents: 0 },
      },
    });
    await expectLedgerWhole(t.app);
  });

  it('refuses a decided withdrawal with 409 and moves nothing', async () => {
    const { trader, id } = await pendingWithdrawal();
    expect((await approve(id)).statusCode).toBe(200);
    const again = await approve(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'Withdrawal is already completed: only pending withdrawals can be approved',
    });
    const rejected = await reject(id, 'too late');
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json()).toEqual({
      error: 'Withdrawal is already completed: only pending withdrawals can be rejected',
    });
    expect(await entriesOf(id)).toHaveLength(4);
    expect(await balanceOf(t.app, trader)).toEqual({ balance: 60, held: 0 });
  });

  it('answers 404 for an unknown id, a malformed id, and a payment that is not a withdrawal', async () => {
    const trader = await signUp(t.app);
    const deposit = await fundUser(t.app, trader, 50);
    for (const id of [randomUUID(), 'not-a-uuid', deposit.payment.id]) {
      const res = await approve(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Withdrawal not found' });
      expect((await reject(id, 'no')).statusCode).toBe(404);
    }
  });
});

describe('reject-withdrawal', () => {
  it('releases the held funds back to available and stores the reason', async () => {
    const { trader, id } = await pendingWithdrawal(100, 40);
    const res = await reject(id, '  Account under review  ');
    expect(res.statusCode).toBe(200);
    expect(res.json<ApprovalResult>().payment).toMatchObject({ id, status: 'rejected', amount: 40 });
    expect(await balanceOf(t.app, trader)).toEqual({ balance: 100, held: 0 });
    expect(await row(id)).toMatchObject({
      status: 'rejected',
      rejectReason: 'Account under review',
      approvedBy: null,
    });
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/payments/payment-history',
      headers: trader.auth,
    });
    expect(history.json<PaymentHistoryResponse>().payments[0]).toMatchObject({
      id,
      status: 'rejected',
      reason: 'Account under review',
      approvedBy: null,
    });
    const approved = await approve(id);
    expect(approved.statusCode).toBe(409);
    expect(approved.json()).toEqual({
      error: 'Withdrawal is already rejected: only pending withdrawals can be approved',
    });
    await expectLedgerWhole(t.app);
  });

  it('needs a reason (400) and changes nothing without one', async () => {
    const { trader, id } = await pendingWithdrawal();
    for (const reason of [undefined, '', '   ']) {
      const res = await reject(id, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'reason: Reason is required' });
    }
    expect(await row(id)).toMatchObject({ status: 'pending' });
    expect(await balanceOf(t.app, trader)).toEqual({ balance: 60, held: 40 });
  });
});

describe('who may decide', () => {
  it('a trader gets 403 and an anonymous caller 401, and nothing moves', async () => {
    const { trader, id } = await pendingWithdrawal();
    const other = await signUp(t.app);
    for (const headers of [trader.auth, other.auth]) {
      const a = await approve(id, headers);
      expect(a.statusCode).toBe(403);
      expect(a.json()).toEqual({ error: 'Admin access required' });
      expect((await reject(id, 'mine now', headers)).statusCode).toBe(403);
    }
    expect((await approve(id, {})).statusCode).toBe(401);
    expect((await reject(id, 'x', {})).statusCode).toBe(401);
    expect(await row(id)).toMatchObject({ status: 'pending', approvedBy: null });
    expect(await balanceOf(t.app, trader)).toEqual({ balance: 60, held: 40 });
  });
});

describe('approve and reject racing on one withdrawal', () => {
  it('exactly one wins, every time, and the money moves once', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { trader, id } = await pendingWithdrawal(100, 40);
      const [a, r] = await Promise.all([approve(id), reject(id, 'race')]);
      const statuses = [a.statusCode, r.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const won = a.statusCode === 200 ? 'completed' : 'rejected';
      expect(await row(id)).toMatchObject({ status: won });
      expect(await entriesOf(id)).toHaveLength(4);
      expect(await balanceOf(t.app, trader)).toEqual(
        won === 'completed' ? { balance: 60, held: 0 } : { balance: 100, held: 0 },
      );
    }
    await expectLedgerWhole(t.app);
  });
});
