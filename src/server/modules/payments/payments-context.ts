/**
 * What the payments module's parts share: its dependencies, and the one way a payment moves
 * money — post the legs and write the audit line in the same transaction, then (after commit)
 * tell the owner's room the new balances.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '../../db/client';
import type { PaymentStatus } from '../../db/schema/enums';
import { badRequest } from '../../http/errors';
import type { CardProvider } from '../../providers/payments';
import type { EventBus } from '../../realtime/event-bus';
import type { DomainEvents } from '../../shared/domain-events';
import type { UsersService } from '../auth/users.service';
import {
  InsufficientFundsError,
  type IdempotencyScope,
  type LedgerService,
  type UserBalances,
} from '../ledger/ledger.service';
import type { LogsService } from '../logs/logs.service';
import type { PaymentMovement } from './movements';
import type { PaymentResult } from '../../../contract/payments';
import { balanceUpdateOf, formatDollars, toDollars } from '../../shared/money';
import { toPayment } from './payment-dto';
import type { PaymentRow, PaymentsRepo } from './payments.repo';
import { isUuid } from '../../shared/uuid';

export interface PaymentsDeps {
  ledger: LedgerService;
  logs: Pick<LogsService, 'audit'>;
  bus: Pick<EventBus, 'publish'>;
  card: CardProvider;
  users: Pick<UsersService, 'contactsOf'>;
  /** `first_deposit` goes out inside the transaction that completes a trader's first deposit. */
  /** `user_event` (through `announce`) once an admin decided a trader's withdrawal. */
  events: Pick<DomainEvents, 'emitSerial' | 'emit'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface PaymentsContext extends PaymentsDeps {
  repo: PaymentsRepo;
}

/**
 * Posts a payment's movement and audits it (balances and status before and after). Returns the
 * owner's balances after the movement. Throws InsufficientFundsError (nothing written) when the
 * owner's account cannot cover it.
 */
export async function moveAndAudit(
  ctx: PaymentsContext,
  tx: Transaction,
  input: {
    payment: PaymentRow;
    statusBefore: PaymentStatus | null;
    movement: PaymentMovement;
    actorId: string | null;
    action: string;
    details?: Record<string, unknown>;
  },
): Promise<UserBalances> {
  const { payment, movement } = input;
  const posted = await ctx.ledger.post(tx, {
    legs: movement.legs,
    paymentId: payment.id,
    tradeId: payment.tradeId,
  });
  const [before, after] = [posted.before(payment.userId), posted.after(payment.userId)];
  await ctx.logs.audit(
    {
      userId: input.actorId,
      action: input.action,
      details: {
        paymentId: payment.id,
        ownerId: payment.userId,
        type: payment.type,
        amountCents: payment.amountCents,
        ...input.details,
        before: {
          status: input.statusBefore,
          availableCents: before.availableCents,
          heldCents: before.heldCents,
        },
        after: { status: payment.status, availableCents: after.availableCents, heldCents: after.heldCents },
      },
    },
    tx,
  );
  return after;
}

/** After commit: the owner's screens show the balances as they now stand. */
export async function publishBalance(ctx: PaymentsContext, userId: string) {
  try {
    const now = await ctx.ledger.balances(userId);
    ctx.bus.publish('balance_update', balanceUpdateOf(now), [`user:${userId}`]);
  } catch (error) {
    // The movement has committed; a missed notice is repaired by the next balance read.
    ctx.log.warn({ err: error, userId }, 'balance_update not published');
  }
}

/** The trader's message when the available balance cannot cover a movement. */
export function insufficientBalance(error: InsufficientFundsError) {
  return badRequest(
    `Insufficient balance: available ${formatDollars(error.balanceCents)}, requested ${formatDollars(error.requestedCents)}`,
  );
}

/**
 * A payment the trader starts that moves their own money at once (a withdrawal's hold, a manual
 * tip): the row, its movement and the audit in one transaction (the trader's 400 when the
 * available balance cannot cover it), then the new balances to the trader's room.
 */
export async function startPayment(
  ctx: PaymentsContext,
  input: {
    userId: string;
    type: 'withdrawal' | 'tip';
    status: PaymentStatus;
    amountCents: number;
    movement: (userId: string, amountCents: number) => PaymentMovement;
    action: string;
  },
  scope?: IdempotencyScope,
): Promise<PaymentResult> {
  const { userId, amountCents } = input;
  const body = await refusingOverspend(() =>
    ctx.ledger.transact(async (tx) => {
      const row = await ctx.repo.insert({ userId, type: input.type, amountCents, status: input.status }, tx);
      const after = await moveAndAudit(ctx, tx, {
        payment: row,
        statusBefore: null,
        movement: input.movement(userId, amountCents),
        actorId: userId,
        action: input.action,
      });
      return { payment: toPayment(row), balance: toDollars(after.availableCents) };
    }, scope),
  );
  await publishBalance(ctx, userId);
  return body;
}

/** Runs `fn`, turning an InsufficientFundsError into the trader's 400. */
export async function refusingOverspend<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw insufficientBalance(error);
    throw error;
  }
}

/** Payment ids are uuids; anything else names no payment (and must not reach a uuid column). */
export const isPaymentId = (id: string): boolean => isUuid(id);
