/** The admin list of every trigger (GET /api/admin/all-triggers). */
import { and, count } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminListResponse, adminTriggersEndpoint } from '../../../../contract/admin-collections';
import type { TriggerRecord } from '../../../../contract/admin-triggers';
import { orderFor, pagedRows, pageSlice, searchAny, withinRange } from '../../../db/list-query';
import { triggers } from '../../../db/schema';
import { toTriggerRecord } from '../../triggers/triggers.service';
import type { ReadDb } from '../../../db/read-db';

type TriggersQuery = z.output<(typeof adminTriggersEndpoint)['query']>;

/** Newest first by default (triggers_created_at_idx). Search: type, symbol, source. */
export async function listTriggers(
  db: ReadDb,
  query: TriggersQuery,
): Promise<AdminListResponse<TriggerRecord>> {
  const { rows, total } = await pagedRows(
    db.select().from(triggers).$dynamic(),
    db.select({ n: count() }).from(triggers).$dynamic(),
    {
      where: and(
        withinRange(triggers.createdAt, query.timeRange),
        searchAny(query.search, [triggers.type, triggers.symbol, triggers.source]),
      ),
      orderBy: orderFor(
        query.sort,
        {
          type: triggers.type,
          symbol: triggers.symbol,
          active: triggers.active,
          createdAt: triggers.createdAt,
        },
        { key: 'createdAt', direction: 'desc' },
        triggers.id,
      ),
      slice: pageSlice(query),
    },
  );
  return { total, records: rows.map(toTriggerRecord) };
}
