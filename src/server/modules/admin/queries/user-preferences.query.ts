/** The admin list of traders' preferences (GET /api/admin/user-preferences). */
import { and, count, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminListResponse, adminUserPreferencesEndpoint } from '../../../../contract/admin-collections';
import type { UserPreferencesRecord } from '../../../../contract/admin-records';
import { orderFor, pagedRows, pageSlice, searchAny, withinRange } from '../../../db/list-query';
import { userPreferences } from '../../../db/schema';
import type { ReadDb } from '../../../db/read-db';
import { userMatches } from './search.query';

type PreferencesQuery = z.output<(typeof adminUserPreferencesEndpoint)['query']>;

/**
 * Most recently saved first by default, which user_preferences_updated_at_idx serves together with
 * the time range (on the same column); or by user id. Search: the user (id, username, email or
 * name), preferred pairs, risk levels, position types.
 */
export async function listUserPreferences(
  db: ReadDb,
  query: PreferencesQuery,
): Promise<AdminListResponse<UserPreferencesRecord>> {
  const { rows, total } = await pagedRows(
    db.select().from(userPreferences).$dynamic(),
    db.select({ n: count() }).from(userPreferences).$dynamic(),
    {
      where: and(
        withinRange(userPreferences.updatedAt, query.timeRange),
        or(
          searchAny(query.search, [
            userPreferences.userId,
            sql`array_to_string(${userPreferences.preferredPairs}, ' ')`,
            sql`array_to_string(${userPreferences.preferredRiskLevels}, ' ')`,
            sql`array_to_string(${userPreferences.preferredPositionTypes}, ' ')`,
          ]),
          userMatches(db, userPreferences.userId, query.search),
        ),
      ),
      orderBy: orderFor<'userId' | 'updatedAt'>(
        query.sort,
        { userId: userPreferences.userId, updatedAt: userPreferences.updatedAt },
        { key: 'updatedAt', direction: 'desc' },
        userPreferences.userId,
      ),
      slice: pageSlice(query),
    },
  );
  return {
    total,
    records: rows.map((row) => ({
      userId: row.userId,
      preferredPairs: row.preferredPairs,
      preferredRiskLevels: row.preferredRiskLevels,
      preferredPositionTypes: row.preferredPositionTypes,
    })),
  };
}
