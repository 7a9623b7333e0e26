import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentHistoryResponse, PaymentResult, UserStatsResponse } from '../../../contract/payments';
import { auditLogs, ledgerEntries, payments } from '../../db/schema';
import type { BusMessage } from '../../realtime/event-bus';
import { createTestAppWithUsers, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { AUTO_TIP_REFUSED } from './payments.service';
import {
  balanceOf,
  expectLedgerWhole,
  fundUser,
  postDeposit,
  postTip,
  postWithdrawal,
} from './testing/payments-helpers';

let t: TestApp;
let trader: TestUser;
const events: BusMessage[] = [];

beforeAll(async () => {
  ({ t, trader } = await createTestAppWithUsers());
  t.app.bus.subscribe((message) => events.push(message));
});
afterAll(async () => t.close());

const paymentRows = (userId: string) => t.db.select().from(payments).where(eq(payments.userId, userId));
const entriesOf = (paymentId: string) =>
  t.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, paymentId));
const history = async (user: TestUser, query = '') =>
  (
    await t.app.inject({ method: 'GET', url: `/api/payments/payment-history${query}`, headers: user.auth })
  ).json<PaymentHistoryResponse>();
const stats = async (user: TestUser) =>
  (
    await t.app.inject({ method: 'GET', url: '/api/payments/stats', headers: user.auth })
  ).json<UserStatsResponse>().data;

/** Runs `act` and expects it to change no payment row, ledger entry or balance of `user`. */
async function expectNothingMoved(user: TestUser, act: () => Promise<void>) {
  const rowsBefore = await paymentRows(user.id);
  const entriesBefore = await t.db.$count(ledgerEntries);
  const balanceBefore = await balanceOf(t.app, user);
  await act();
  expect(await paymentRows(user.id)).toEqual(rowsBefore);
  expect(await t.db.$count(ledgerEntries)).toBe(entriesBefore);
  expect(await balanceOf(t.app, user)).toEqual(balanceBefore);
}

describe('a new trader', () => {
  it('starts with nothing: balance, stats and history are zero and empty', async () => {
    const fresh = await signUp(t.app);
    expect(await balanceOf(t.app, fresh)).toEqual({ balance: 0, held: 0 });
    expect(await stats(fresh)).toEqual({
      balance: 0,
      winRate: 0,
      activeTrades: 0,
      totalTrades: 0,
      totalDeposits: 0,
      totalWithdrawals: 0,
      totalTips: 0,
    });
    expect(await history(fresh)).toEqual({ payments: [], total: 0 });
  });

  it('refuses every payment call without a session (401)', async () => {
    for (const url of ['/api/payments/balance', '/api/payments/stats', '/api/payments/payment-history']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    for (const url of ['/api/payments/deposit', '/api/payments/withdrawal', '/api/payments/tip']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { amount: 50 } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Authentication required' });
    }
  });
});

describe('deposit', () => {
  it('completes with pm_card_visa: ledger credited, audited, balance_update published', async () => {
    const user = await signUp(t.app);
    events.length = 0;
    const res = await postDeposit(t.app, user, { amount: 125.5, paymentMethodId: 'pm_card_visa' });
    expect(res.statusCode).toBe(200);
    const body = res.json<PaymentResult>();
    expect(body.balance).toBe(125.5);
    expect(body.payment).toMatchObject({
      type: 'deposit',
      amount: 125.5,
      status: 'completed',
      approvedBy: null,
      reason: null,
      auto: false,
    });
    expect(await balanceOf(t.app, user)).toEqual({ balance: 125.5, held: 0 });

    const [row] = await paymentRows(user.id);
    expect(row).toMatchObject({ amountCents: 12_550, status: 'completed', paymentMethodId: 'pm_card_visa' });
    expect(row!.providerRef).toBeTruthy();
    const legs = await entriesOf(row!.id);
    expect(legs.map((l) => l.amountCents).sort((a, b) => a - b)).toEqual([-12_550, 12_550]);

    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.userId, user.id));
    expect(audits.map((a) => a.action)).toEqual(['payment.deposit_completed']);
    expect(audits[0]!.details).toMatchObject({
      paymentId: row!.id,
      before: { status: 'pending', availableCents: 0 },
      after: { status: 'completed', availableCents: 12_550 },
    });
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'balance_update',
        payload: { balance: 125.5, held: 0 },
        rooms: [`user:${user.id}`],
      }),
    );
    await expectLedgerWhole(t.app);
  });

  it.each([
    [{ paymentMethodId: 'pm_card_visa' }, 'amount: Amount is required'],
    [{ amount: 9.99 }, 'amount: Minimum $10'],
    [{ amount: 10.005 }, 'amount: Amount must have at most 2 decimal places'],
    [{ amount: 1_000_000.01 }, 'amount: Maximum $1,000,000'],
    [{ amount: 10, paymentMethodId: '' }, 'paymentMethodId: Payment method ID is required'],
    [{ amount: 10, paymentMethodId: 'card_visa' }, 'paymentMethodId: Invalid format'],
  ])('refuses %j with 400 "%s" and moves nothing', async (payload, message) => {
    await expectNothingMoved(trader, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/deposit',
        headers: trader.auth,
        payload: { paymentMethodId: 'pm_card_visa', ...payload },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });
  });

  it.each([
    ['pm_card_chargeDeclined', 'Your card was declined.'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
    ['pm_card_chargeDeclinedExpiredCard', 'Your card has expired.'],
    ['pm_card_chargeDeclinedIncorrectCvc', "Your card's security code is incorrect."],
    [
      'pm_card_chargeDeclinedProcessingError',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
    ['pm_card_unknown_method', "No such PaymentMethod: 'pm_card_unknown_method'"],
  ])(
    'a declined %s answers 402 with its reason; the payment is failed, nothing moved',
    async (pm, reason) => {
      const user = await signUp(t.app);
      const res = await postDeposit(t.app, user, { amount: 50, paymentMethodId: pm });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toEqual({ error: reason });
      const [row] = await paymentRows(user.id);
      expect(row).toMatchObject({
        type: 'deposit',
        status: 'failed',
        rejectReason: reason,
        amountCents: 5_000,
      });
      expect(await entriesOf(row!.id)).toEqual([]);
      expect(await balanceOf(t.app, user)).toEqual({ balance: 0, held: 0 });
      expect((await history(user)).payments).toEqual([
        expect.objectContaining({ type: 'deposit', status: 'failed', reason, amount: 50 }),
      ]);
      expect((await stats(user)).totalDeposits).toBe(0);
    },
  );
});

describe('withdrawal', () => {
  it('holds the amount and stays pending', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 100);
    const res = await postWithdrawal(t.app, user, 30.25);
    expect(res.statusCode).toBe(200);
    const body = res.json<PaymentResult>();
    expect(body).toMatchObject({
      balance: 69.75,
      payment: { type: 'withdrawal', amount: 30.25, status: 'pending', approvedBy: null },
    });
    expect(await balanceOf(t.app, user)).toEqual({ balance: 69.75, held: 30.25 });
    const legs = await entriesOf(body.payment.id);
    expect(legs.map((l) => [l.kind, l.amountCents]).sort()).toEqual([
      ['withdrawal_hold', -3_025],
      ['withdrawal_hold', 3_025],
    ]);
    // Pending withdrawals are not counted as withdrawn.
    expect((await stats(user)).totalWithdrawals).toBe(0);
    await expectLedgerWhole(t.app);
  });

  it('refuses more than the available balance, naming both figures, and writes nothing', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 40);
    await postWithdrawal(t.app, user, 25);
    await expectNothingMoved(user, async () => {
      const res = await postWithdrawal(t.app, user, 20.01);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Insufficient balance: available $15.00, requested $20.01' });
    });
  });

  it.each([
    [{}, 'amount: Amount is required'],
    [{ amount: 19.99 }, 'amount: Minimum $20'],
    [{ amount: '25' }, 'amount: Must be a number'],
  ])('refuses %j with 400 "%s"', async (payload, message) => {
    await expectNothingMoved(trader, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/withdrawal',
        headers: trader.auth,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
    });
  });
});

describe('tip', () => {
  it('moves the amount to platform revenue, completed', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 20);
    const res = await postTip(t.app, user, 2.5);
    expect(res.statusCode).toBe(200);
    expect(res.json<PaymentResult>()).toMatchObject({
      balance: 17.5,
      payment: { type: 'tip', amount: 2.5, status: 'completed', auto: false },
    });
    const legs = await entriesOf(res.json<PaymentResult>().payment.id);
    expect(legs.map((l) => [l.kind, l.amountCents]).sort()).toEqual([
      ['tip', -250],
      ['tip', 250],
    ]);
    expect((await stats(user)).totalTips).toBe(2.5);
  });

  it('refuses auto: true from a client, below $1, and more than the balance', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 10);
    await expectNothingMoved(user, async () => {
      const auto = await postTip(t.app, user, 1, { auto: true });
      expect(auto.statusCode).toBe(400);
      expect(auto.json()).toEqual({ error: AUTO_TIP_REFUSED });
      const small = await postTip(t.app, user, 0.99);
      expect(small.json()).toEqual({ error: 'amount: Minimum $1' });
      const big = await postTip(t.app, user, 10.01);
      expect(big.statusCode).toBe(400);
      expect(big.json()).toEqual({ error: 'Insufficient balance: available $10.00, requested $10.01' });
    });
  });
});

describe('stats and history', () => {
  it('totals only completed payments and lists them newest first, paged by 10', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 200);
    await fundUser(t.app, user, 50);
    await postDeposit(t.app, user, { amount: 80, paymentMethodId: 'pm_card_chargeDeclined' });
    await postWithdrawal(t.app, user, 60);
    for (let i = 1; i <= 9; i += 1) await postTip(t.app, user, i);

    const s = await stats(user);
    expect(s).toMatchObject({ balance: 145, totalDeposits: 250, totalWithdrawals: 0, totalTips: 45 });

    const first = await history(user);
    expect(first.total).toBe(13);
    expect(first.payments).toHaveLength(10);
    expect(first.payments[0]).toMatchObject({ type: 'tip', amount: 9 });
    const dates = first.payments.map((p) => p.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const rest = await history(user, '?offset=10&limit=10');
    expect(rest.payments.map((p) => [p.type, p.amount, p.status])).toEqual([
      ['deposit', 80, 'failed'],
      ['deposit', 50, 'completed'],
      ['deposit', 200, 'completed'],
    ]);
    const ids = new Set([...first.payments, ...rest.payments].map((p) => p.id));
    expect(ids.size).toBe(13);
  });

  it('a trader never sees another trader’s payments', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    await fundUser(t.app, alice, 30);
    await fundUser(t.app, bob, 70);
    const seen = await history(bob);
    expect(seen.total).toBe(1);
    expect(seen.payments.map((p) => p.amount)).toEqual([70]);
    expect(await balanceOf(t.app, bob)).toEqual({ balance: 70, held: 0 });
    expect((await stats(bob)).totalDeposits).toBe(70);
  });

  it('refuses bad paging with 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/payments/payment-history${query}`,
        headers: trader.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
  });
});

describe('paymentTotals (for other modules)', () => {
  it('sums completed deposits, withdrawals and tips in cents', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 100);
    await postTip(t.app, user, 1.25);
    expect(await t.app.payments.paymentTotals(user.id)).toEqual({
      depositsCents: 10_000,
      withdrawalsCents: 0,
      tipsCents: 125,
    });
    const tips = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, user.id), eq(payments.type, 'tip')));
    expect(tips).toHaveLength(1);
  });
});
