/** The admin list of traders' preferences (GET /api/admin/user-preferences). */
import { and, count, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderFor, pagedRows, searchAnyOrIn, withinRange, type ListWindow } from '../../db/list-query';
import { userPreferences } from '../../db/schema';

/** `updatedAt` is the default order only; callers sort by user id. */
export type PreferencesSortKey = 'userId' | 'updatedAt';

export function createPreferenceListsRepo(db: Executor) {
  return {
    /**
     * Most recently saved first by default, which user_preferences_updated_at_idx serves together
     * with the time range (on the same column); or by user id. Search: the user (id, or a name or email that matched), preferred pairs,
     * risk levels, position types.
     */
    listPreferences: (window: ListWindow<PreferencesSortKey>, matchingUserIds: string[] | null) =>
      pagedRows(
        db.select().from(userPreferences).$dynamic(),
        db.select({ n: count() }).from(userPreferences).$dynamic(),
        {
          where: and(
            withinRange(userPreferences.updatedAt, window.timeRange),
            searchAnyOrIn(
              window.search,
              [
                userPreferences.userId,
                sql`array_to_string(${userPreferences.preferredPairs}, ' ')`,
                sql`array_to_string(${userPreferences.preferredRiskLevels}, ' ')`,
                sql`array_to_string(${userPreferences.preferredPositionTypes}, ' ')`,
              ],
              userPreferences.userId,
              matchingUserIds,
            ),
          ),
          orderBy: orderFor(
            window.sort,
            { userId: userPreferences.userId, updatedAt: userPreferences.updatedAt },
            { key: 'updatedAt', direction: 'desc' },
            userPreferences.userId,
          ),
          window,
        },
      ),
  };
}
