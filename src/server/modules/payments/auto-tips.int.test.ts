import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentHistoryResponse } from '../../../contract/payments';
import { auditLogs, payments, trades } from '../../db/schema';
import { createTestAppWithUsers, signUp, type TestApp, type TestUser } from '../../testing/test-app';
import { balanceOf, expectLedgerWhole, fundUser } from './testing/payments-helpers';

/** `recordAutoTip`, as the trading module calls it inside the transaction that closes a trade. */
let t: TestApp;

beforeAll(async () => {
  ({ t } = await createTestAppWithUsers());
});
afterAll(async () => t.close());

async function tradeOf(user: TestUser): Promise<string> {
  const [trade] = await t.db
    .insert(trades)
    .values({
      userId: user.id,
      pair: 'BTC/USD',
      positionType: 'long',
      direction: 'long',
      side: 'buy',
      amountCents: 5_000,
      quantity: '0.001',
      entryPrice: '50000',
      status: 'closed',
    })
    .returning();
  return trade!.id;
}

const autoTip = (input: { userId: string; tradeId: string; amountCents: number }) => {
  const { ledger, payments: service } = t.app;
  return ledger.transact((tx) => service.recordAutoTip(tx, input));
};

describe('recordAutoTip', () => {
  it('records one completed auto tip per trade, moving available to platform revenue', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 100);
    const tradeId = await tradeOf(user);
    await autoTip({ userId: user.id, tradeId, amountCents: 150 });
    await autoTip({ userId: user.id, tradeId, amountCents: 150 });
    expect(await balanceOf(t.app, user)).toEqual({ balance: 98.5, held: 0 });

    const tips = await t.db.select().from(payments).where(eq(payments.tradeId, tradeId));
    expect(tips).toEqual([
      expect.objectContaining({
        type: 'tip',
        auto: true,
        status: 'completed',
        amountCents: 150,
        userId: user.id,
      }),
    ]);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/payments/payment-history',
      headers: user.auth,
    });
    expect(history.json<PaymentHistoryResponse>().payments[0]).toMatchObject({
      type: 'tip',
      auto: true,
      amount: 1.5,
    });
    const stats = await t.app.inject({ method: 'GET', url: '/api/payments/stats', headers: user.auth });
    expect(stats.json<{ data: { totalTips: number } }>().data.totalTips).toBe(1.5);
    const audits = await t.db.select().from(auditLogs).where(eq(auditLogs.action, 'payment.auto_tip'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: null, details: { tradeId, ownerId: user.id } });
    await expectLedgerWhole(t.app);
  });

  it('skips silently when the balance cannot cover it, without spoiling the caller’s transaction', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 10);
    const tradeId = await tradeOf(user);
    const { ledger, payments: service } = t.app;
    await ledger.transact(async (tx) => {
      await service.recordAutoTip(tx, { userId: user.id, tradeId, amountCents: 1_001 });
      // The caller's own work in the same transaction still commits.
      await ledger.post(tx, {
        legs: [
          { userId: user.id, account: 'user_available', amountCents: -500, kind: 'trade_open' },
          { userId: user.id, account: 'user_positions', amountCents: 500, kind: 'trade_open' },
        ],
        tradeId,
      });
    });
    expect(await t.db.select().from(payments).where(eq(payments.tradeId, tradeId))).toEqual([]);
    expect(await balanceOf(t.app, user)).toEqual({ balance: 5, held: 0 });
    await expectLedgerWhole(t.app);
  });

  it('ignores a zero, negative or fractional amount', async () => {
    const user = await signUp(t.app);
    await fundUser(t.app, user, 10);
    const tradeId = await tradeOf(user);
    for (const amountCents of [0, -100, 1.5]) await autoTip({ userId: user.id, tradeId, amountCents });
    expect(await t.db.select().from(payments).where(eq(payments.tradeId, tradeId))).toEqual([]);
    expect(await balanceOf(t.app, user)).toEqual({ balance: 10, held: 0 });
  });
});
