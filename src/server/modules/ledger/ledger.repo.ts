import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  userLedgerAccountKinds,
  type LedgerAccountKind,
  type LedgerEntryKind,
  type SystemLedgerAccountKind,
  type UserLedgerAccountKind,
} from '../../db/schema';

export interface AccountKey {
  userId: string | null;
  kind: LedgerAccountKind;
}

export interface EntryRow {
  transactionId: string;
  accountId: string;
  amountCents: number;
  kind: LedgerEntryKind;
  paymentId?: string | null;
  tradeId?: string | null;
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
     * In one statement: every account of `userIds`, row-locked in id order (every movement locks
     * in the same order, so two never deadlock), and the system accounts of `systemKinds`, read
     * without a lock (they keep no balance, and locking them would queue every movement behind
     * one row). The balances are read under the lock: they stand until the caller commits.
     */
    async lockAccounts(
      tx: Queryable,
      userIds: string[],
      systemKinds: SystemLedgerAccountKind[],
    ): Promise<AccountRow[]> {
      const users = userIds.length > 0 ? sql`${inArray(ledgerAccounts.userId, userIds)}` : sql`false`;
      const systems =
        systemKinds.length > 0
          ? sql`${ledgerAccounts.userId} is null and ${inArray(ledgerAccounts.kind, systemKinds)}`
          : sql`false`;
      const { rows } = await tx.execute<{
        id: string;
        user_id: string | null;
        kind: LedgerAccountKind;
        balance_cents: string | number | bigint | null;
      }>(sql`
        with locked as (
          select ${ledgerAccounts.id}, ${ledgerAccounts.userId}, ${ledgerAccounts.kind}, ${ledgerAccounts.balanceCents}
          from ${ledgerAccounts} where ${users} order by ${ledgerAccounts.id} for update
        )
        select id, user_id, kind, balance_cents from locked
        union all
        select ${ledgerAccounts.id}, ${ledgerAccounts.userId}, ${ledgerAccounts.kind}, ${ledgerAccounts.balanceCents}
        from ${ledgerAccounts} where ${systems}`);
      return rows.map((r) => ({
        id: r.id,
        userId: r.user_id,
        kind: r.kind,
        balanceCents: r.balance_cents === null ? null : Number(r.balance_cents),
      }));
    },

    /**
     * Opens what is missing: all three accounts of each user (so a user's later movements never
     * find one missing under their lock) and the system accounts. Idempotent under concurrency.
     */
    async openAccounts(tx: Queryable, userIds: string[], systemKinds: SystemLedgerAccountKind[]) {
      const rows = [
        ...userIds.flatMap((userId) =>
          userLedgerAccountKinds.map((kind) => ({ userId, kind, balanceCents: 0 })),
        ),
        ...systemKinds.map((kind) => ({ userId: null, kind, balanceCents: null })),
      ];
      if (rows.length > 0) await tx.insert(ledgerAccounts).values(rows).onConflictDoNothing();
    },

    async insertEntries(tx: Queryable, rows: EntryRow[]): Promise<void> {
      await tx.insert(ledgerEntries).values(rows);
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
    async totalsByKind() {
      const rows = await db
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
