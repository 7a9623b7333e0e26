import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentResult } from '../../../contract/payments';
import { ledgerEntries, payments } from '../../db/schema';
import { IDEMPOTENCY_MISMATCH } from '../../http/idempotency';
import { createTestAppWithUsers, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  balanceOf,
  expectLedgerWhole,
  fundUser,
  postDeposit,
  postTip,
  postWithdrawal,
} from './testing/payments-helpers';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  ({ t, admin } = await createTestAppWithUsers());
});
afterAll(async () => t.close());

let keys = 0;
const newKey = () => `retry-key-${++keys}-${Date.now()}`;
const paymentCount = async (userId: string) => t.db.$count(payments, eq(payments.userId, userId));

/** The retry answers exactly what the first did, marked as a replay, and moved nothing more. */
async function expectReplay(
  first: { statusCode: number; json: () => unknown },
  again: { statusCode: number; json: () => unknown; headers: Record<string, unknown> },
) {
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.json()).toEqual(first.json());
  expect(again.headers['idempotent-replayed']).toBe('true');
}

describe('Idempotency-Key on the money POSTs', () => {
  it('deposit: a retry replays the first answer and charges nothing again; another body is 422', async () => {
    const user = await signUp(t.app);
    const key = newKey();
    const first = await postDeposit(t.app, user, { amount: 75 }, { idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    const entries = await t.db.$count(ledgerEntries);
    await expectReplay(first, await postDeposit(t.app, user, { amount: 75 }, { idempotencyKey: key }));
    expect(await paymentCount(user.id)).toBe(1);
    expect(await t.db.$count(ledgerEntries)).toBe(entries);
    expect(await balanceOf(t.app, user)).toEqual({ balance: 75, held: 0 });

    const other = await postDeposit(t.app, user, { amount: 76 }, { idempotencyKey: key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ error: IDEMPOTENCY_MISMATCH });
    expect(await paymentCount(user.id)).toBe(1);
  });

  it('deposit: a declined card’s 402 is replayed without a second charge attempt', async () => {
    const user = await signUp(t.app);
    const key = newKey();
    const body = { amount: 20, paymentMethodId: 'pm_card_chargeDeclinedInsufficientFunds' };
    const first = await postDeposit(t.app, user, body, { idempotencyKey: key });
    expect(first.statusCode).toBe(402);
    expect(first.json()).toEqual({ error: 'Your card has insufficient funds.' });
    await expectReplay(first, await postDeposit(t.app, user, body, { idempotencyKey: key }));
    expect(await paymentCount(user.id)).toBe(1);
  });

  it('withdrawal: one hold however often it is retried; a refusal is replayed as it was', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 100);
    const key = newKey();
    const first = await postWithdrawal(t.app, user, 30, { idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      await expectReplay(first, await postWithdrawal(t.app, user, 30, { idempotencyKey: key }));
    }
    expect(await balanceOf(t.app, user)).toEqual({ balance: 70, held: 30 });
    expect((await postWithdrawal(t.app, user, 31, { idempotencyKey: key })).statusCode).toBe(422);

    const refusedKey = newKey();
    const refused = await postWithdrawal(t.app, user, 500, { idempotencyKey: refusedKey });
    expect(refused.statusCode).toBe(400);
    await fundUser(t.app, user, 500);
    // The key's answer was the refusal; the retry gets it back rather than a hold made later.
    await expectReplay(refused, await postWithdrawal(t.app, user, 500, { idempotencyKey: refusedKey }));
    expect(await balanceOf(t.app, user)).toEqual({ balance: 570, held: 30 });
  });

  it('tip: one tip per key', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 10);
    const key = newKey();
    const first = await postTip(t.app, user, 3, { idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    await expectReplay(first, await postTip(t.app, user, 3, { idempotencyKey: key }));
    expect(await balanceOf(t.app, user)).toEqual({ balance: 7, held: 0 });
    expect((await postTip(t.app, user, 4, { idempotencyKey: key })).statusCode).toBe(422);
  });

  it('approve and reject: a retried decision replays 200 instead of a 409, and pays out once', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 100);
    const w1 = (await postWithdrawal(t.app, user, 25)).json<PaymentResult>().payment.id;
    const w2 = (await postWithdrawal(t.app, user, 35)).json<PaymentResult>().payment.id;
    const decide = (path: string, key: string, payload?: object) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { ...admin.auth, 'idempotency-key': key },
        ...(payload && { payload }),
      });

    const approveKey = newKey();
    const approved = await decide(`/api/admin/approve-withdrawal/${w1}`, approveKey);
    expect(approved.statusCode).toBe(200);
    await expectReplay(approved, await decide(`/api/admin/approve-withdrawal/${w1}`, approveKey));
    // The same key on another withdrawal is another request.
    expect((await decide(`/api/admin/approve-withdrawal/${w2}`, approveKey)).statusCode).toBe(422);

    const rejectKey = newKey();
    const rejected = await decide(`/api/admin/reject-withdrawal/${w2}`, rejectKey, { reason: 'limits' });
    expect(rejected.statusCode).toBe(200);
    await expectReplay(
      rejected,
      await decide(`/api/admin/reject-withdrawal/${w2}`, rejectKey, { reason: 'limits' }),
    );
    expect(
      (await decide(`/api/admin/reject-withdrawal/${w2}`, rejectKey, { reason: 'other' })).statusCode,
    ).toBe(422);

    expect(await balanceOf(t.app, user)).toEqual({ balance: 75, held: 0 });
    const payouts = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, 'withdrawal_payout'));
    expect(payouts.filter((e) => e.paymentId === w1)).toHaveLength(2);
    await expectLedgerWhole(t.app);
  });
});
