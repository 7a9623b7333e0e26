import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema';
import { createTestAppWithUsers, signUp, type TestApp } from '../../testing/test-app';
import {
  balanceOf,
  expectLedgerWhole,
  fundUser,
  postDeposit,
  postTip,
  postWithdrawal,
} from './testing/payments-helpers';

/**
 * Many requests against one balance at once (issue #7, Proof: concurrency). Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL set, where the requests really overlap in separate connections.
 */
let t: TestApp;
const firstDeposits: string[] = [];

beforeAll(async () => {
  ({ t } = await createTestAppWithUsers());
  t.app.events.on('first_deposit', async ({ userId, tx }) => {
    // Sent inside the completing transaction: the row it sees is already completed.
    const [row] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(
        and(eq(payments.userId, userId), eq(payments.type, 'deposit'), eq(payments.status, 'completed')),
      );
    if (!row) throw new Error('first deposit event sent outside the completing transaction');
    firstDeposits.push(userId);
  });
});
afterAll(async () => t.close());

describe('concurrent money requests', () => {
  it('200 simultaneous withdrawals succeed exactly as far as the money goes', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 1_010);
    const answers = await Promise.all(Array.from({ length: 200 }, () => postWithdrawal(t.app, user, 20)));
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(ok).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ error: string }>().error).toMatch(
        /^Insufficient balance: available \$10\.00, requested \$20\.00$/,
      );
    }
    expect(await balanceOf(t.app, user)).toEqual({ balance: 10, held: 1_000 });
    const pending = await t.db.$count(
      payments,
      and(eq(payments.userId, user.id), eq(payments.type, 'withdrawal'), eq(payments.status, 'pending')),
    );
    expect(pending).toBe(50);
    await expectLedgerWhole(t.app);
  });

  it('withdrawals and tips racing never overspend, and refused ones leave no row', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 100);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 2 === 0 ? postWithdrawal(t.app, user, 20) : postTip(t.app, user, 7),
      ),
    );
    const { balance, held } = await balanceOf(t.app, user);
    expect(balance).toBeGreaterThanOrEqual(0);
    const rows = await t.db.select().from(payments).where(eq(payments.userId, user.id));
    const spentCents = rows.filter((r) => r.type !== 'deposit').reduce((sum, r) => sum + r.amountCents, 0);
    expect(rows.filter((r) => r.type !== 'deposit')).toHaveLength(
      answers.filter((a) => a.statusCode === 200).length,
    );
    expect(Math.round(balance * 100)).toBe(10_000 - spentCents);
    expect(Math.round(held * 100)).toBe(rows.filter((r) => r.type === 'withdrawal').length * 2_000);
    // Less than the smallest request is left, or the money ran out exactly.
    expect(balance).toBeLessThan(7);
    await expectLedgerWhole(t.app);
  });

  it('simultaneous first deposits award the first-deposit referral exactly once', async () => {
    const user = await signUp(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => postDeposit(t.app, user, { amount: 10 })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(firstDeposits.filter((id) => id === user.id)).toEqual([user.id]);
    await fundUser(t.app, user, 10);
    expect(firstDeposits.filter((id) => id === user.id)).toHaveLength(1);
    expect(await balanceOf(t.app, user)).toEqual({ balance: 90, held: 0 });
  });
});
