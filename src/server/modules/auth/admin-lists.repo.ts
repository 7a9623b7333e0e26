/** The admin list of users (GET /api/admin/users); balances come from the ledger. */
import { and, asc, count } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderFor, pagedRows, searchAny, withinRange, type ListWindow } from '../../db/list-query';
import { user as users } from '../../db/schema';

export type UserSortKey = 'username' | 'email' | 'createdAt';

const fields = { id: users.id, username: users.username, email: users.email, createdAt: users.createdAt };

export function createUserListsRepo(db: Executor) {
  const where = (window: ListWindow) =>
    and(
      withinRange(users.createdAt, window.timeRange),
      searchAny(window.search, [users.username, users.email, users.name]),
    );

  return {
    /** Ids of the users whose username, email or display name contains `search`. */
    async userIdsMatching(search: string): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(searchAny(search, [users.username, users.email, users.name]));
      return rows.map((row) => row.id);
    },

    /** Newest first by default (user_created_at_idx). Search: username, email, display name. */
    listUsers: (window: ListWindow<UserSortKey>) =>
      pagedRows(db.select(fields).from(users).$dynamic(), db.select({ n: count() }).from(users).$dynamic(), {
        where: where(window),
        orderBy: orderFor(
          window.sort,
          { username: users.username, email: users.email, createdAt: users.createdAt },
          { key: 'createdAt', direction: 'desc' },
          users.id,
        ),
        window,
      }),

    /** Every user the window matches, unpaged (for a sort by balance, which lives in the ledger). */
    allUsers: (window: ListWindow) =>
      db.select(fields).from(users).where(where(window)).orderBy(asc(users.id)),
  };
}
