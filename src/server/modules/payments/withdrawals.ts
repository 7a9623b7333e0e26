/**
 * Withdrawals: the request holds the funds (available → held) with the `pending` row in one
 * transaction, so it can never exceed the available balance; an admin then pays it out
 * (held → external_payout, `completed`) or releases it (held → available, `rejected`). Each
 * decision is one conditional UPDATE ... WHERE status = 'pending' inside the movement's
 * transaction: when approve and reject race, exactly one finds the row pending.
 */
import type { ApprovalResult } from '../../../contract/admin-approvals';
import type { PaymentResult } from '../../../contract/payments';
import type { Transaction } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { announce } from '../../shared/domain-events';
import { toDollars } from '../../shared/money';
import type { IdempotencyScope } from '../ledger/ledger.service';
import { holdMovement, payoutMovement, releaseMovement } from './movements';
import { toApproval } from './payment-dto';
import {
  isPaymentId,
  moveAndAudit,
  publishBalance,
  startPayment,
  type PaymentsContext,
} from './payments-context';

const NOT_FOUND = 'Withdrawal not found';

export function createWithdrawals(ctx: PaymentsContext) {
  const { repo, ledger, users } = ctx;

  async function request(
    input: { userId: string; amountCents: number },
    scope?: IdempotencyScope,
  ): Promise<PaymentResult> {
    return startPayment(
      ctx,
      {
        ...input,
        type: 'withdrawal',
        status: 'pending',
        movement: holdMovement,
        action: 'payment.withdrawal_requested',
      },
      scope,
    );
  }

  /** The withdrawal and its owner, read before the decision's transaction (no query may wait on it). */
  async function withdrawalOf(id: string) {
    const row = isPaymentId(id) ? await repo.findById(id) : null;
    if (!row || row.type !== 'withdrawal') throw notFound(NOT_FOUND);
    const owner = (await users.contactsOf([row.userId])).get(row.userId);
    return { row, owner };
  }

  async function alreadyDecided(tx: Transaction, id: string, verb: string) {
    const current = await repo.findById(id, tx);
    return conflict(
      `Withdrawal is already ${current?.status ?? 'gone'}: only pending withdrawals can be ${verb}`,
    );
  }

  async function decide(
    input: { adminId: string; id: string; approve: boolean; reason?: string },
    scope?: IdempotencyScope,
  ): Promise<ApprovalResult> {
    const { row: found, owner } = await withdrawalOf(input.id);
    const body = await ledger.transact(async (tx) => {
      const row = await repo.settle(
        {
          id: input.id,
          type: 'withdrawal',
          from: 'pending',
          to: input.approve ? 'completed' : 'rejected',
          changes: input.approve ? { approvedBy: input.adminId } : { rejectReason: input.reason ?? null },
        },
        tx,
      );
      if (!row) throw await alreadyDecided(tx, input.id, input.approve ? 'approved' : 'rejected');
      await moveAndAudit(ctx, tx, {
        payment: row,
        statusBefore: 'pending',
        movement: (input.approve ? payoutMovement : releaseMovement)(row.userId, row.amountCents),
        actorId: input.adminId,
        action: input.approve ? 'payment.withdrawal_approved' : 'payment.withdrawal_rejected',
        details: input.approve ? {} : { reason: input.reason },
      });
      return { payment: toApproval(row, owner) };
    }, scope);
    await publishBalance(ctx, found.userId);
    // A replayed decision announces again; its notifications are deduplicated by the event's id.
    announce(
      ctx.events,
      {
        userId: found.userId,
        subject: {
          kind: input.approve ? 'withdrawal.approved' : 'withdrawal.rejected',
          withdrawal: {
            id: input.id,
            amount: toDollars(found.amountCents),
            reason: input.approve ? null : (input.reason ?? null),
          },
        },
      },
      (err) => ctx.log.error({ err }, 'a withdrawal notification was not queued'),
    );
    return body;
  }

  return {
    request,
    approve: (input: { adminId: string; id: string }, scope?: IdempotencyScope) =>
      decide({ ...input, approve: true }, scope),
    reject: (input: { adminId: string; id: string; reason: string }, scope?: IdempotencyScope) =>
      decide({ ...input, approve: false }, scope),
  };
}
