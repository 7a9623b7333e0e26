import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { idempotencyKeys } from '../../db/schema';

export interface StoredKey {
  requestHash: string;
  statusCode: number | null;
  response: unknown;
  createdAt: Date;
}

/** The claim every money request makes first, built once per database (db/prepared.ts). */
const claimOf = preparedPerDatabase((db: Queryable) =>
  db
    .insert(idempotencyKeys)
    .values({
      userId: sql.placeholder('userId'),
      key: sql.placeholder('key'),
      requestHash: sql.placeholder('requestHash'),
    })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { createdAt: sql`now()` },
      setWhere: and(
        isNull(idempotencyKeys.statusCode),
        lt(idempotencyKeys.createdAt, sql.placeholder('staleBefore')),
        eq(idempotencyKeys.requestHash, sql.placeholder('requestHash')),
      ),
    })
    .returning({ key: idempotencyKeys.key })
    .prepare('idempotency_claim'),
);

export function createIdempotencyRepo(db: Queryable) {
  return {
    /**
     * Claims the key for this request. A claim left unanswered for `staleAfterMs` (its process died
     * before the movement committed) may be taken over: the answer is written in the movement's own
     * transaction, so an unanswered claim proves nothing moved.
     */
    async claim(userId: string, key: string, requestHash: string, staleAfterMs: number): Promise<boolean> {
      const staleBefore = new Date(Date.now() - staleAfterMs);
      const rows = await claimOf(db).execute({ userId, key, requestHash, staleBefore });
      return rows.length === 1;
    },

    async find(userId: string, key: string): Promise<StoredKey | null> {
      const [row] = await db
        .select({
          requestHash: idempotencyKeys.requestHash,
          statusCode: idempotencyKeys.statusCode,
          response: idempotencyKeys.response,
          createdAt: idempotencyKeys.createdAt,
        })
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row ?? null;
    },

    /** Records the answer; `tx` is the movement's transaction on success. */
    async answer(tx: Queryable, userId: string, key: string, statusCode: number, response: unknown) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode, response })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    /** Gives an unanswered claim back (the request failed without a result worth replaying). */
    async release(userId: string, key: string) {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.statusCode),
          ),
        );
    },

    async deleteBefore(cutoff: Date): Promise<number> {
      const rows = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, cutoff))
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}
