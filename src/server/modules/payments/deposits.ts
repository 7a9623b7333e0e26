/**
 * Deposits by card. The payment row is written `pending` first (its id is the provider's
 * idempotency key, so a retried charge is never a second charge), the provider is called outside
 * any transaction (PGlite runs one at a time), and the answer settles the row:
 * - succeeded: one transaction completes it, credits the ledger, awards the first-deposit referral,
 *   audits, and stores the Idempotency-Key answer;
 * - failed: the row is `failed` with the provider's reason, answered 402 `{ error: reason }`;
 * - pending (stripe): answered 200 with the pending payment; the signed webhook settles it;
 * - no answer: `failed` with CARD_UNAVAILABLE and 503. A late success webhook for such a row still
 *   completes it (the card may have been charged while we waited), but nothing else reopens a row.
 */
import type { PaymentResult } from '../../../contract/payments';
import type { Transaction } from '../../db/client';
import type { PaymentStatus } from '../../db/schema/enums';
import { HttpError, badRequest } from '../../http/errors';
import type { IdempotencyScope } from '../ledger/ledger.service';
import {
  CARD_PROVIDER_UNAVAILABLE_MESSAGE,
  CardProviderUnavailableError,
  CardWebhookError,
  DEPOSIT_DECLINE_STATUS,
  type CardWebhookEvent,
  type ChargeResult,
} from '../../providers/payments';
import { depositMovement } from './movements';
import { toDollars } from '../../shared/money';
import { toPayment } from './payment-dto';
import type { PaymentRow } from './payments.repo';
import { isPaymentId, moveAndAudit, publishBalance, type PaymentsContext } from './payments-context';

export const CARD_UNAVAILABLE = CARD_PROVIDER_UNAVAILABLE_MESSAGE;
/** When a provider's failure event carries no message of its own. */
const DEFAULT_FAILURE = 'Your payment could not be completed.';

export function createDeposits(ctx: PaymentsContext) {
  const { repo, ledger, card, log } = ctx;

  /** Pending (or unanswered) → completed, with its money; null when another writer settled it first. */
  async function complete(
    tx: Transaction,
    input: {
      id: string;
      providerRef: string | null;
      /** A webhook's success may also complete a deposit failed only for want of an answer. */
      lateSuccess: boolean;
      statusBefore: PaymentStatus;
      actorId: string | null;
    },
  ) {
    const row = await repo.settle(
      {
        id: input.id,
        type: 'deposit',
        from: input.lateSuccess ? 'pending_or_unanswered' : 'pending',
        unansweredReason: CARD_UNAVAILABLE,
        to: 'completed',
        changes: { rejectReason: null, ...(input.providerRef && { providerRef: input.providerRef }) },
      },
      tx,
    );
    if (!row) return null;
    const after = await moveAndAudit(ctx, tx, {
      payment: row,
      statusBefore: input.statusBefore,
      movement: depositMovement(row.userId, row.amountCents),
      actorId: input.actorId,
      action: 'payment.deposit_completed',
      details: { provider: row.provider, providerRef: row.providerRef },
    });
    // Counted after the ledger locked the user's account: two first deposits racing see each other.
    if ((await repo.completedDeposits(tx, row.userId)) === 1) {
      await ctx.events.emitSerial('first_deposit', { userId: row.userId, tx });
    }
    return { row, after };
  }

  async function fail(id: string, reason: string, providerRef: string | null) {
    // One conditional UPDATE is atomic on its own: failing a deposit needs no transaction.
    return repo.settle({
      id,
      type: 'deposit',
      from: 'pending',
      to: 'failed',
      changes: { rejectReason: reason, ...(providerRef && { providerRef }) },
    });
  }

  async function charge(payment: PaymentRow, paymentMethodId: string): Promise<ChargeResult | null> {
    try {
      return await card.charge({
        amountCents: payment.amountCents,
        paymentMethodId,
        idempotencyKey: payment.id,
        metadata: { paymentId: payment.id, userId: payment.userId },
      });
    } catch (error) {
      if (!(error instanceof CardProviderUnavailableError)) {
        log.error({ err: error, paymentId: payment.id }, 'card charge failed unexpectedly');
      }
      return null;
    }
  }

  async function deposit(
    input: { userId: string; amountCents: number; paymentMethodId: string },
    scope?: IdempotencyScope,
  ): Promise<PaymentResult> {
    const { userId } = input;
    const payment = await repo.insert({
      userId,
      type: 'deposit',
      amountCents: input.amountCents,
      status: 'pending',
      provider: card.name,
      paymentMethodId: input.paymentMethodId,
    });

    const result = await charge(payment, input.paymentMethodId);
    if (!result) {
      await fail(payment.id, CARD_UNAVAILABLE, null);
      throw new HttpError(503, CARD_UNAVAILABLE);
    }
    if (result.status === 'failed') {
      await fail(payment.id, result.reason, result.providerRef);
      throw new HttpError(DEPOSIT_DECLINE_STATUS, result.reason);
    }
    if (result.status === 'pending') {
      return ledger.transact(async (tx) => {
        // The webhook may already have settled it; the ref is recorded either way.
        const row = (await repo.setProviderRef(tx, payment.id, result.providerRef))!;
        const now = await ledger.balances(userId, tx);
        return { payment: toPayment(row), balance: toDollars(now.availableCents) };
      }, scope);
    }
    const body = await ledger.transact(async (tx) => {
      const done = await complete(tx, {
        id: payment.id,
        providerRef: result.providerRef,
        lateSuccess: false,
        statusBefore: 'pending',
        actorId: userId,
      });
      if (!done) throw new Error(`Deposit ${payment.id} was settled by someone else while charging`);
      return { payment: toPayment(done.row), balance: toDollars(done.after.availableCents) };
    }, scope);
    await publishBalance(ctx, userId);
    return body;
  }

  /** The payment a provider event names: by our id in its metadata, else by the provider's ref. */
  async function paymentOf(event: CardWebhookEvent): Promise<PaymentRow | null> {
    if (event.paymentId && isPaymentId(event.paymentId)) {
      const byId = await repo.findById(event.paymentId);
      if (byId) return byId;
    }
    return repo.findByProviderRef(card.name, event.providerRef);
  }

  /**
   * A signed provider event. Bad signature: 400. Unknown payment: logged and acknowledged (the
   * provider would retry forever otherwise). Settles the deposit at most once: a replay, or the
   * opposite outcome arriving later, finds it no longer pending and changes nothing.
   */
  async function handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
    let event: CardWebhookEvent | null;
    try {
      event = card.parseWebhook(rawBody, signature);
    } catch (error) {
      if (error instanceof CardWebhookError) throw badRequest(error.message);
      throw error;
    }
    if (!event) return { received: true };

    const payment = await paymentOf(event);
    const foreign =
      !payment ||
      payment.type !== 'deposit' ||
      payment.provider !== card.name ||
      (payment.providerRef !== null && payment.providerRef !== event.providerRef);
    if (foreign) {
      log.warn({ event, paymentId: payment?.id }, 'card webhook names no deposit of ours; acknowledged');
      return { received: true };
    }

    if (event.kind === 'succeeded') {
      const done = await ledger.transact((tx) =>
        complete(tx, {
          id: payment.id,
          providerRef: event.providerRef,
          lateSuccess: true,
          statusBefore: payment.status,
          actorId: null,
        }),
      );
      if (done) await publishBalance(ctx, payment.userId);
      else
        log.info({ eventId: event.eventId, paymentId: payment.id }, 'card webhook: deposit already settled');
    } else {
      const failed = await fail(payment.id, event.reason?.trim() || DEFAULT_FAILURE, event.providerRef);
      if (!failed)
        log.info({ eventId: event.eventId, paymentId: payment.id }, 'card webhook: deposit already settled');
    }
    return { received: true };
  }

  return { deposit, handleWebhook };
}
