import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TriggerType } from '../../../contract/enums';
import type { Queryable } from '../../db/client';
import { triggers, type TriggerLastSeen } from '../../db/schema';
import type { TriggerRow } from './trigger-options';

export type NewTrigger = typeof triggers.$inferInsert;

export function createTriggersRepo(db: Queryable) {
  return {
    async findById(id: string, tx: Queryable = db): Promise<TriggerRow | undefined> {
      const [row] = await tx.select().from(triggers).where(eq(triggers.id, id));
      return row;
    },

    /** Oldest first. */
    async findByTypeSymbol(type: TriggerType, symbol: string, tx: Queryable = db): Promise<TriggerRow[]> {
      return tx
        .select()
        .from(triggers)
        .where(and(eq(triggers.type, type), eq(triggers.symbol, symbol)))
        .orderBy(asc(triggers.createdAt), asc(triggers.id));
    },

    /** Active triggers of these types, optionally of one pair, oldest first. */
    async listActive(types: readonly TriggerType[], symbol?: string): Promise<TriggerRow[]> {
      return db
        .select()
        .from(triggers)
        .where(
          and(
            eq(triggers.active, true),
            inArray(triggers.type, [...types]),
            symbol === undefined ? undefined : eq(triggers.symbol, symbol),
          ),
        )
        .orderBy(asc(triggers.createdAt), asc(triggers.id));
    },

    async insert(values: NewTrigger, tx: Queryable = db): Promise<TriggerRow> {
      const [row] = await tx.insert(triggers).values(values).returning();
      if (!row) throw new Error('trigger insert returned nothing');
      return row;
    },

    async update(id: string, values: Partial<NewTrigger>, tx: Queryable = db): Promise<TriggerRow> {
      const [row] = await tx.update(triggers).set(values).where(eq(triggers.id, id)).returning();
      if (!row) throw new Error('trigger update returned nothing');
      return row;
    },

    async deleteByTypeSymbol(type: TriggerType, symbol: string, tx: Queryable = db): Promise<TriggerRow[]> {
      return tx
        .delete(triggers)
        .where(and(eq(triggers.type, type), eq(triggers.symbol, symbol)))
        .returning();
    },

    async markFired(id: string, at: Date): Promise<void> {
      await db.update(triggers).set({ lastFiredAt: at }).where(eq(triggers.id, id));
    },

    /**
     * Compare-and-set of `last_seen`: true only for the caller that moved it from `expected`, so two
     * workers polling the same trigger never both fire for the same item or candle.
     */
    async claimLastSeen(
      id: string,
      expected: TriggerLastSeen | null,
      next: TriggerLastSeen,
    ): Promise<boolean> {
      const rows = await db
        .update(triggers)
        .set({ lastSeen: next })
        .where(
          and(
            eq(triggers.id, id),
            expected === null
              ? isNull(triggers.lastSeen)
              : sql`${triggers.lastSeen} = ${JSON.stringify(expected)}::jsonb`,
          ),
        )
        .returning({ id: triggers.id });
      return rows.length === 1;
    },

    /** Active triggers fired after `since` (of these pairs, or all), oldest firing first. */
    async firedSince(
      since: Date,
      symbols?: string[],
    ): Promise<{ symbol: string; type: TriggerType; firedAt: Date | null }[]> {
      if (symbols?.length === 0) return [];
      return db
        .select({ symbol: triggers.symbol, type: triggers.type, firedAt: triggers.lastFiredAt })
        .from(triggers)
        .where(
          and(
            eq(triggers.active, true),
            gt(triggers.lastFiredAt, since),
            symbols === undefined ? undefined : inArray(triggers.symbol, symbols),
          ),
        )
        .orderBy(asc(triggers.lastFiredAt));
    },

    async countFiredSince(since: Date, symbol: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(triggers)
        .where(and(eq(triggers.active, true), gt(triggers.lastFiredAt, since), eq(triggers.symbol, symbol)));
      return row?.n ?? 0;
    },
  };
}

export type TriggersRepo = ReturnType<typeof createTriggersRepo>;
