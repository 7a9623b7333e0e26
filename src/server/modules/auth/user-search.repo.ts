/** Finding users by part of their username or email (admin report filters). */
import type { Executor } from '../../db/client';
import { user as users } from '../../db/schema';
import { searchAny } from '../../db/list-query';

export async function userIdsMatching(db: Executor, term: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(searchAny(term, [users.username, users.email]));
  return rows.map((row) => row.id);
}
