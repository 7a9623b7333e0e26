import { and, eq, sql } from 'drizzle-orm';
import type { ReadDb } from '../../../db/read-db';
import { ledgerAccounts, payments, trades } from '../../../db/schema';

/** What is left in an account: it may be deleted only when all of it is zero. */
export interface AccountLeftovers {
  /** Available, held and in positions, together. */
  balanceCents: number;
  openTrades: number;
  pendingPayments: number;
}

/** Read inside the deletion's transaction, after the user row is locked. */
export async function accountLeftovers(db: ReadDb, userId: string): Promise<AccountLeftovers> {
  const [money] = await db
    .select({ cents: sql<string>`coalesce(sum(${ledgerAccounts.balanceCents}), 0)` })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trades)
    .where(and(eq(trades.userId, userId), eq(trades.status, 'open')));
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'pending')));
  return {
    balanceCents: Number(money?.cents ?? 0),
    openTrades: open?.n ?? 0,
    pendingPayments: pending?.n ?? 0,
  };
}
