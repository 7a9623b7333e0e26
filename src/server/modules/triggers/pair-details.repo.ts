/** The admin pair details' read of a pair's triggers. */
import { desc, eq } from 'drizzle-orm';
import type { TriggerRecord } from '../../../contract/admin-triggers';
import type { Executor } from '../../db/client';
import { triggers } from '../../db/schema';
import { toTriggerRecord } from './trigger-options';

export function createTriggerPairDetailsRepo(db: Executor) {
  return {
    /** Every trigger of the pair, newest first, as the API shows them. */
    async ofPair(symbol: string): Promise<TriggerRecord[]> {
      const rows = await db
        .select()
        .from(triggers)
        .where(eq(triggers.symbol, symbol))
        .orderBy(desc(triggers.createdAt), desc(triggers.id));
      return rows.map(toTriggerRecord);
    },
  };
}
