import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  type LedgerAccountKind,
  type LedgerEntryKind,
  type UserLedgerAccountKind,
} from '../../db/schema';

/** A movement as `ledger_post` takes it: `userId` null for a system account. */
export interface PostedMovement {
  transactionId: string;
  legs: { userId: string | null; account: LedgerAccountKind; amountCents: number; kind: LedgerEntryKind }[];
  paymentId: string | null;
  tradeId: string | null;
}

export const accountKeyOf = (userId: string | null, kind: string) => `${userId ?? ''}|${kind}`;

export interface AccountRow {
  id: string;
  userId: string | null;
  kind: LedgerAccountKind;
  /** Null for a system account (it keeps no running balance). */
  balanceCents: number | null;
}

export function createLedgerRepo(db: Queryable) {
  return {
    /**
     * One movement in one statement (migration 0016's `ledger_post`): every account of its users
     * row-locked in id order (every movement locks in the same order, so two never deadlock) and
     * opened on first use, their balances checked under the lock, the entries inserted. Returns the
     * movement's accounts in id order with their balances before it (null for a system account,
     * read without a lock: it keeps no balance, and locking it would queue every movement behind
     * one row); those balances stand until the caller commits. `posted` is false, and nothing was
     * written, when an entry would take a user account below zero.
     */
    async post(
      tx: Queryable,
      movement: PostedMovement,
    ): Promise<{ posted: boolean; accounts: AccountRow[] }> {
      const { rows } = await tx.execute<{
        id: string;
        user_id: string | null;
        kind: LedgerAccountKind;
        balance_cents: string | number | bigint | null;
        posted: boolean;
      }>(sql`select id, user_id, kind, balance_cents, posted from ledger_post(
        ${movement.transactionId}::uuid, ${JSON.stringify(movement.legs)}::jsonb,
        ${movement.paymentId}::uuid, ${movement.tradeId}::uuid)`);
      return {
        posted: rows.every((r) => r.posted),
        accounts: rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          kind: r.kind,
          balanceCents: r.balance_cents === null ? null : Number(r.balance_cents),
        })),
      };
    },

    /** One indexed row per kind: the running balances of a user's accounts. */
    async userBalances(userId: string, tx: Queryable = db) {
      return tx
        .select({ kind: ledgerAccounts.kind, balanceCents: ledgerAccounts.balanceCents })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId));
    },

    /**
     * The sum of a user's entries since `since`, per account and entry kind. Reads only that
     * window's rows (index on account and time), never the whole history.
     */
    async sumsSince(userId: string, since: Date, tx: Queryable = db) {
      const rows = await tx
        .select({
          account: ledgerAccounts.kind,
          kind: ledgerEntries.kind,
          total: sql<string>`sum(${ledgerEntries.amountCents})`,
        })
        .from(ledgerAccounts)
        .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
        .where(and(eq(ledgerAccounts.userId, userId), gte(ledgerEntries.createdAt, since)))
        .groupBy(ledgerAccounts.kind, ledgerEntries.kind);
      return rows.map((r) => ({
        account: r.account as UserLedgerAccountKind,
        kind: r.kind,
        amountCents: Number(r.total),
      }));
    },

    /** User accounts whose running balance differs from the sum of their entries. */
    async mismatchedAccounts() {
      const sums = db
        .select({
          accountId: ledgerEntries.accountId,
          total: sql<string>`sum(${ledgerEntries.amountCents})`.as('total'),
        })
        .from(ledgerEntries)
        .groupBy(ledgerEntries.accountId)
        .as('sums');
      const rows = await db
        .select({
          accountId: ledgerAccounts.id,
          userId: ledgerAccounts.userId,
          kind: ledgerAccounts.kind,
          balanceCents: ledgerAccounts.balanceCents,
          entriesCents: sql<string>`coalesce(${sums.total}, 0)`,
        })
        .from(ledgerAccounts)
        .leftJoin(sums, eq(sums.accountId, ledgerAccounts.id))
        .where(
          and(
            isNotNull(ledgerAccounts.userId),
            sql`${ledgerAccounts.balanceCents} <> coalesce(${sums.total}, 0)`,
          ),
        );
      return rows.map((r) => ({
        ...r,
        balanceCents: r.balanceCents ?? 0,
        entriesCents: Number(r.entriesCents),
      }));
    },

    /** Sum of every entry of each account kind (system accounts included). */
    async totalsByKind(tx: Queryable = db) {
      const rows = await tx
        .select({
          kind: ledgerAccounts.kind,
          total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
        })
        .from(ledgerAccounts)
        .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
        .groupBy(ledgerAccounts.kind);
      return rows.map((r) => ({ kind: r.kind, totalCents: Number(r.total) }));
    },
  };
}

export type LedgerRepo = ReturnType<typeof createLedgerRepo>;
