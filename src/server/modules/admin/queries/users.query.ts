/** The admin list of users with their available balance (GET /api/admin/users). */
import { and, count, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminListResponse, adminUsersEndpoint } from '../../../../contract/admin-collections';
import type { AdminUserRecord } from '../../../../contract/admin-records';
import { orderFor, pageOf, pageSlice, searchAny, totalOf, withinRange } from '../../../db/list-query';
import { alias } from 'drizzle-orm/pg-core';
import { ledgerAccounts, user } from '../../../db/schema';
import { toDollars } from '../../../shared/money';
import type { ReadDb } from '../../../db/read-db';

type UsersQuery = z.output<(typeof adminUsersEndpoint)['query']>;

/** The list's sort keys over the users (the table, or the page cut from it) and their balance. */
const sortColumns = (rows: Record<'username' | 'email' | 'createdAt', AnyColumn>, balance: SQL) => ({
  username: rows.username,
  email: rows.email,
  balance,
  createdAt: rows.createdAt,
});

/** The running balance of the user's available ledger account in cents, 0 before the first movement. */
const availableOf = (userId: AnyColumn) =>
  sql<number>`coalesce((select ${ledgerAccounts.balanceCents} from ${ledgerAccounts} where ${ledgerAccounts.userId} = ${userId} and ${ledgerAccounts.kind} = 'user_available'), 0)`;

/**
 * Newest first by default (user_created_at_idx). The page is cut from the users alone, sorted by
 * balance in the database when asked (ledger_accounts_user_id_kind_uq), then joined to their
 * balances. Search: username, email, display name.
 */
export async function listUsers(db: ReadDb, query: UsersQuery): Promise<AdminListResponse<AdminUserRecord>> {
  // `user` is a reserved word: under its own name the page's plan would read "user".created_at.
  const users = alias(user, 'users');
  const where = and(
    withinRange(users.createdAt, query.timeRange),
    searchAny(query.search, [users.username, users.email, users.name]),
  );
  const fallback = { key: 'createdAt', direction: 'desc' } as const;
  const page = pageOf(
    db
      .select({ id: users.id, username: users.username, email: users.email, createdAt: users.createdAt })
      .from(users)
      .$dynamic(),
    {
      where,
      orderBy: orderFor(query.sort, sortColumns(users, availableOf(users.id)), fallback, users.id),
      slice: pageSlice(query),
    },
  ).as('page');
  const balance = sql<number>`coalesce(${ledgerAccounts.balanceCents}, 0)`;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: page.id,
        username: page.username,
        email: page.email,
        createdAt: page.createdAt,
        balanceCents: balance,
      })
      .from(page)
      .leftJoin(
        ledgerAccounts,
        and(eq(ledgerAccounts.userId, page.id), eq(ledgerAccounts.kind, 'user_available')),
      )
      .orderBy(...orderFor(query.sort, sortColumns(page, balance), fallback, page.id)),
    totalOf(db.select({ n: count() }).from(users).$dynamic(), where),
  ]);
  return {
    total,
    records: rows.map((row) => ({
      id: row.id,
      username: row.username,
      email: row.email,
      balance: toDollars(Number(row.balanceCents)),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}
