/** The admin list of every trigger (GET /api/admin/all-triggers). */
import { and, count } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderFor, pagedRows, searchAny, withinRange, type ListWindow } from '../../db/list-query';
import { triggers } from '../../db/schema';

export type TriggerSortKey = 'type' | 'symbol' | 'active' | 'createdAt';

export function createTriggerListsRepo(db: Executor) {
  return {
    /** Newest first by default (triggers_created_at_idx). Search: type, symbol, source. */
    listTriggers: (window: ListWindow<TriggerSortKey>) =>
      pagedRows(db.select().from(triggers).$dynamic(), db.select({ n: count() }).from(triggers).$dynamic(), {
        where: and(
          withinRange(triggers.createdAt, window.timeRange),
          searchAny(window.search, [triggers.type, triggers.symbol, triggers.source]),
        ),
        orderBy: orderFor(
          window.sort,
          {
            type: triggers.type,
            symbol: triggers.symbol,
            active: triggers.active,
            createdAt: triggers.createdAt,
          },
          { key: 'createdAt', direction: 'desc' },
          triggers.id,
        ),
        window,
      }),
  };
}
