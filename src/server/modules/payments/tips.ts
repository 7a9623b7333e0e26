/**
 * Tips move available → platform_revenue. Traders send manual ones; the trading module takes the
 * automatic one (`autoTipPercent` of a profit) inside the transaction that closes the trade.
 */
import type { PaymentResult } from '../../../contract/payments';
import type { Transaction } from '../../db/client';
import { badRequest } from '../../http/errors';
import { InsufficientFundsError, type IdempotencyScope } from '../ledger/ledger.service';
import { tipMovement } from './movements';
import { moveAndAudit, startPayment, type PaymentsContext } from './payments-context';

export const AUTO_TIP_REFUSED =
  'Automatic tips are taken by the server when a trade closes; send auto: false';

export function createTips(ctx: PaymentsContext) {
  const { repo } = ctx;

  async function tip(
    input: { userId: string; amountCents: number; auto: boolean },
    scope?: IdempotencyScope,
  ): Promise<PaymentResult> {
    if (input.auto) throw badRequest(AUTO_TIP_REFUSED);
    return startPayment(
      ctx,
      { ...input, type: 'tip', status: 'completed', movement: tipMovement, action: 'payment.tip' },
      scope,
    );
  }

  /**
   * The automatic tip of a closing trade, in the trade's transaction: one per trade (a second call
   * for the same trade does nothing), skipped silently when the amount is not positive or the
   * available balance cannot cover it — a close never fails over a tip. The caller publishes the
   * balance after its commit.
   */
  async function recordAutoTip(
    tx: Transaction,
    input: { userId: string; tradeId: string; amountCents: number },
  ): Promise<void> {
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) return;
    const row = await repo.insertAutoTip(tx, {
      userId: input.userId,
      type: 'tip',
      amountCents: input.amountCents,
      status: 'completed',
      auto: true,
      tradeId: input.tradeId,
    });
    if (!row) return;
    try {
      await moveAndAudit(ctx, tx, {
        payment: row,
        statusBefore: null,
        movement: tipMovement(row.userId, row.amountCents),
        actorId: null,
        action: 'payment.auto_tip',
        details: { tradeId: input.tradeId },
      });
    } catch (error) {
      // The ledger refused before writing anything, so the transaction is intact: drop the row.
      if (error instanceof InsufficientFundsError) return repo.remove(tx, row.id);
      throw error;
    }
  }

  return { tip, recordAutoTip };
}
