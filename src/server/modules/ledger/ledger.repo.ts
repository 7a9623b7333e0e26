import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  type LedgerAccountKind,
  type LedgerEntryKind,
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

export interface LockedAccount {
  id: string;
  kind: LedgerAccountKind;
  balanceCents: number;
}

export const accountKeyOf = (userId: string | null, kind: string) => `${userId ?? ''}|${kind}`;

async function selectAccounts(tx: Queryable, keys: AccountKey[]): Promise<Map<string, string>> {
  const userIds = [...new Set(keys.flatMap((k) => (k.userId ? [k.userId] : [])))];
  const kinds = [...new Set(keys.map((k) => k.kind))];
  const rows = await tx
    .select({ id: ledgerAccounts.id, userId: ledgerAccounts.userId, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(
      and(
        inArray(ledgerAccounts.kind, kinds),
        userIds.length > 0
          ? sql`(${ledgerAccounts.userId} is null or ${inArray(ledgerAccounts.userId, userIds)})`
          : isNull(ledgerAccounts.userId),
      ),
    );
  return new Map(rows.map((r) => [accountKeyOf(r.userId, r.kind), r.id]));
}

export function createLedgerRepo(db: Queryable) {
  return {
    /**
     * Account ids for the keys. Accounts exist after a user's first movement, so one SELECT is the
     * usual cost; missing ones are opened (idempotent under concurrency) and read again.
     */
    async accountIds(tx: Queryable, keys: AccountKey[]): Promise<Map<string, string>> {
      const found = await selectAccounts(tx, keys);
      const missing = keys.filter((k) => !found.has(accountKeyOf(k.userId, k.kind)));
      if (missing.length === 0) return found;
      await tx
        .insert(ledgerAccounts)
        .values(missing.map((k) => ({ userId: k.userId, kind: k.kind, balanceCents: k.userId ? 0 : null })))
        .onConflictDoNothing();
      return selectAccounts(tx, keys);
    },

    /** Row locks in id order (every movement locks in the same order, so two never deadlock). */
    async lockAccounts(tx: Queryable, ids: string[]): Promise<LockedAccount[]> {
      if (ids.length === 0) return [];
      const rows = await tx
        .select({
          id: ledgerAccounts.id,
          kind: ledgerAccounts.kind,
          balanceCents: ledgerAccounts.balanceCents,
        })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, ids))
        .orderBy(asc(ledgerAccounts.id))
        .for('update');
      return rows.map((r) => ({ id: r.id, kind: r.kind, balanceCents: r.balanceCents ?? 0 }));
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
