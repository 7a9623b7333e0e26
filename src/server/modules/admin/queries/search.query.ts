/**
 * The two searches other rows are found by: their user's (username, email or display name) and
 * their pair's symbol. Both are subqueries, so the ids never leave the database. The admin lists,
 * the approvals screen and the reports share the user search: it is the union of the fields they
 * used to search one by one (Reports did not look at the display name).
 */
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { containsPattern, searchAny } from '../../../db/list-query';
import { cryptoPairs, user } from '../../../db/schema';
import type { ReadDb } from '../../../db/read-db';

/** `column` (a user id) belongs to a user whose username, email or name contains `search`. */
export function userMatches(db: ReadDb, column: AnyColumn, search: string | undefined): SQL | undefined {
  if (!containsPattern(search)) return undefined;
  return inArray(
    column,
    db
      .select({ id: user.id })
      .from(user)
      .where(searchAny(search, [user.username, user.email, user.name])),
  );
}

/** `column` (a pair id) belongs to a pair whose symbol contains `search`. */
export function pairMatches(db: ReadDb, column: AnyColumn, search: string | undefined): SQL | undefined {
  if (!containsPattern(search)) return undefined;
  return inArray(
    column,
    db
      .select({ id: cryptoPairs.id })
      .from(cryptoPairs)
      .where(searchAny(search, [cryptoPairs.symbol])),
  );
}

/** The symbol of the pair `column` holds, as a sort key of rows another table keeps. */
export const pairSymbolOf = (column: AnyColumn): SQL =>
  sql`(select ${cryptoPairs.symbol} from ${cryptoPairs} where ${cryptoPairs.id} = ${column})`;
