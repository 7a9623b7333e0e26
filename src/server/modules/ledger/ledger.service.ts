/**
 * The owner of the ledger (DESIGN: Money). Every movement of money is one `post`: all its legs in
 * one database transaction, summing to zero, after every account of its users is locked, so two
 * concurrent movements can never spend the same cent. Balances are the running balances the
 * database keeps beside the entries (migration 0007), one row read however long the history.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable, Transaction } from '../../db/client';
import { isRetryableTransactionError } from '../../db/errors';
import type { LedgerEntryKind, SystemLedgerAccountKind, UserLedgerAccountKind } from '../../db/schema/enums';
import { createIdempotencyRepo } from './idempotency.repo';
import { accountKeyOf, createLedgerRepo } from './ledger.repo';

export type Leg =
  | { userId: string; account: UserLedgerAccountKind; amountCents: number; kind: LedgerEntryKind }
  | { system: SystemLedgerAccountKind; amountCents: number; kind: LedgerEntryKind };

export interface Movement {
  legs: Leg[];
  paymentId?: string | null;
  tradeId?: string | null;
}

export interface UserBalances {
  availableCents: number;
  heldCents: number;
  positionsCents: number;
}

/**
 * A posted movement. The balances of each of its users were read under the movement's lock, so
 * they hold until the transaction commits (a later movement in the same transaction changes them).
 */
export interface Posted {
  transactionId: string;
  before(userId: string): UserBalances;
  after(userId: string): UserBalances;
}

/** A user's three balances, from the balance of each account kind. */
export const balancesBy = (of: (kind: UserLedgerAccountKind) => number): UserBalances => ({
  availableCents: of('user_available'),
  heldCents: of('user_held'),
  positionsCents: of('user_positions'),
});

/** A movement would take an account below zero; nothing was written. */
export class InsufficientFundsError extends Error {
  constructor(
    readonly account: UserLedgerAccountKind,
    readonly balanceCents: number,
    readonly requestedCents: number,
  ) {
    super(`Insufficient funds in ${account}: ${balanceCents} cents, ${requestedCents} cents requested`);
    this.name = 'InsufficientFundsError';
  }
}

/** Who asked and under which `Idempotency-Key`: the answer is stored in the movement's transaction. */
export interface IdempotencyScope {
  userId: string;
  key: string;
}

export type IdempotencyClaim =
  | { kind: 'claimed' }
  | { kind: 'replay'; statusCode: number; response: unknown }
  | { kind: 'in_flight' }
  | { kind: 'mismatch' };

/** An unanswered claim older than this belonged to a request whose process died. */
const STALE_CLAIM_MS = 60_000;
const MAX_ATTEMPTS = 5;

export function createLedgerService(db: Database) {
  const repo = createLedgerRepo(db);
  const keys = createIdempotencyRepo(db);

  async function post(tx: Queryable, movement: Movement): Promise<Posted> {
    const { legs } = movement;
    if (legs.length < 2) throw new Error('A movement needs at least two legs');
    let sum = 0;
    for (const leg of legs) {
      if (!Number.isSafeInteger(leg.amountCents) || leg.amountCents === 0)
        throw new Error(`Ledger legs are non-zero whole cents, got ${leg.amountCents}`);
      sum += leg.amountCents;
    }
    if (sum !== 0) throw new Error(`Ledger movement is unbalanced by ${sum} cents`);

    const transactionId = randomUUID();
    const { posted, accounts } = await repo.post(tx, {
      transactionId,
      legs: legs.map((leg) =>
        'userId' in leg
          ? { userId: leg.userId, account: leg.account, amountCents: leg.amountCents, kind: leg.kind }
          : { userId: null, account: leg.system, amountCents: leg.amountCents, kind: leg.kind },
      ),
      paymentId: movement.paymentId ?? null,
      tradeId: movement.tradeId ?? null,
    });
    const byKey = new Map(accounts.map((a) => [accountKeyOf(a.userId, a.kind), a]));
    const deltas = new Map<string, number>();
    for (const leg of legs)
      if ('userId' in leg) {
        const key = accountKeyOf(leg.userId, leg.account);
        deltas.set(key, (deltas.get(key) ?? 0) + leg.amountCents);
      }
    if (!posted) {
      // The first account, in lock order, that the movement would take below zero.
      for (const account of accounts) {
        const delta = deltas.get(accountKeyOf(account.userId, account.kind)) ?? 0;
        const balance = account.balanceCents ?? 0;
        if (account.userId && balance + delta < 0)
          throw new InsufficientFundsError(account.kind as UserLedgerAccountKind, balance, -delta);
      }
      throw new Error('ledger_post refused a movement that fits');
    }

    const balancesOf = (userId: string, withDeltas: boolean): UserBalances => {
      return balancesBy((kind) => {
        const key = accountKeyOf(userId, kind);
        const account = byKey.get(key);
        if (!account) throw new Error(`User ${userId} has no part in this movement`);
        return (account.balanceCents ?? 0) + (withDeltas ? (deltas.get(key) ?? 0) : 0);
      });
    };
    return {
      transactionId,
      before: (userId) => balancesOf(userId, false),
      after: (userId) => balancesOf(userId, true),
    };
  }

  async function balances(userId: string, queryable?: Queryable): Promise<UserBalances> {
    const rows = await repo.userBalances(userId, queryable);
    return balancesBy((kind) => rows.find((r) => r.kind === kind)?.balanceCents ?? 0);
  }

  return {
    post,
    balances,
    /**
     * What moved on a user's accounts since `since` (e.g. today's start, UTC), per account and
     * entry kind: start-of-day equity is today's equity minus these, without summing the history.
     */
    movementsSince: (userId: string, since: Date, queryable?: Queryable) =>
      repo.sumsSince(userId, since, queryable),

    /**
     * Runs `work` in one transaction, retried from the start on a deadlock or serialisation
     * failure. With a scope, `work`'s result is stored as the key's answer in that same
     * transaction: either the movement and its answer both commit, or neither does.
     */
    async transact<T>(work: (tx: Transaction) => Promise<T>, idempotency?: IdempotencyScope): Promise<T> {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await db.transaction(async (tx) => {
            const result = await work(tx);
            if (idempotency) await keys.answer(tx, idempotency.userId, idempotency.key, 200, result);
            return result;
          });
        } catch (error) {
          if (attempt >= MAX_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
        }
      }
    },

    /** User accounts whose running balance is not the sum of their entries (always none). */
    mismatchedAccounts: () => repo.mismatchedAccounts(),
    /**
     * The sum of all entries per account kind; all kinds together always sum to zero. With
     * `queryable`, as that transaction sees them (a backup's snapshot).
     */
    totalsByKind: (queryable?: Queryable) => repo.totalsByKind(queryable),

    idempotency: {
      async claim(scope: IdempotencyScope, requestHash: string): Promise<IdempotencyClaim> {
        if (await keys.claim(scope.userId, scope.key, requestHash, STALE_CLAIM_MS))
          return { kind: 'claimed' };
        const stored = await keys.find(scope.userId, scope.key);
        // Deleted between the two statements (a failed first attempt released it): try once more.
        if (!stored)
          return (await keys.claim(scope.userId, scope.key, requestHash, STALE_CLAIM_MS))
            ? { kind: 'claimed' }
            : { kind: 'in_flight' };
        if (stored.requestHash !== requestHash) return { kind: 'mismatch' };
        if (stored.statusCode === null) return { kind: 'in_flight' };
        return { kind: 'replay', statusCode: stored.statusCode, response: stored.response };
      },
      /**
       * Stores a refusal (4xx) so a retry gets the same answer; with `tx`, inside the transaction
       * that records the outcome (e.g. an order that failed after the funds moved back).
       */
      answer: (scope: IdempotencyScope, statusCode: number, response: unknown, tx?: Queryable) =>
        keys.answer(tx ?? db, scope.userId, scope.key, statusCode, response),
      release: (scope: IdempotencyScope) => keys.release(scope.userId, scope.key),
      prune: (cutoff: Date) => keys.deleteBefore(cutoff),
    },
  };
}

export type LedgerService = ReturnType<typeof createLedgerService>;
