/**
 * The owner of `payments`: deposits, withdrawals and tips as the trader and the admin see them.
 * The money itself moves in the ledger (every movement through `ledger.post`, in the same
 * transaction as the payment row's change and its audit line).
 */
import type { PaymentHistoryQuery, PaymentHistoryResponse } from '../../../contract/payments';
import type { Database } from '../../db/client';
import { createDeposits } from './deposits';
import { toDollars } from '../../shared/money';
import { toPayment } from './payment-dto';
import { createPaymentsRepo } from './payments.repo';
import type { PaymentsDeps } from './payments-context';
import { createTips } from './tips';
import { createWithdrawals } from './withdrawals';

export type { PaymentsDeps } from './payments-context';
export { CARD_UNAVAILABLE } from './deposits';
export { AUTO_TIP_REFUSED } from './tips';

/** Completed payments of one trader, in cents (auto tips included in tips). */
export interface PaymentTotals {
  depositsCents: number;
  withdrawalsCents: number;
  tipsCents: number;
}

export function createPaymentsService(db: Database, deps: PaymentsDeps) {
  const ctx = { ...deps, repo: createPaymentsRepo(db) };
  const { repo, ledger, users } = ctx;
  const deposits = createDeposits(ctx);
  const withdrawals = createWithdrawals(ctx);
  const tips = createTips(ctx);

  async function paymentTotals(userId: string): Promise<PaymentTotals> {
    const totals = await repo.completedTotals(userId);
    return {
      depositsCents: totals.get('deposit') ?? 0,
      withdrawalsCents: totals.get('withdrawal') ?? 0,
      tipsCents: totals.get('tip') ?? 0,
    };
  }

  return {
    /** Available (`balance`) and held by pending withdrawals, in dollars. */
    async balance(userId: string) {
      const now = await ledger.balances(userId);
      return { balance: toDollars(now.availableCents), held: toDollars(now.heldCents) };
    },

    /** The trader's own payments, newest first; `approvedBy` is the approving admin's username. */
    async history(userId: string, query: PaymentHistoryQuery): Promise<PaymentHistoryResponse> {
      const { rows, total } = await repo.history(userId, query.offset, query.limit);
      const admins = rows.flatMap((r) => (r.approvedBy ? [r.approvedBy] : []));
      const contacts = admins.length > 0 ? await users.contactsOf(admins) : undefined;
      return { payments: rows.map((row) => toPayment(row, contacts)), total };
    },

    paymentTotals,
    deposit: deposits.deposit,
    handleCardWebhook: deposits.handleWebhook,
    requestWithdrawal: withdrawals.request,
    approveWithdrawal: withdrawals.approve,
    rejectWithdrawal: withdrawals.reject,
    tip: tips.tip,
    recordAutoTip: tips.recordAutoTip,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
