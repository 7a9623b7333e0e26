import { and, count, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ApiKeyScope } from '../../../contract/common';
import type { Database } from '../../db/client';
import { apiKeys, user } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** Neither revoked nor past its expiry at `at`. */
const liveAt = (at: Date): SQL =>
  and(isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, at)))!;

/** A trader's personal API keys, found by the SHA-256 of their secret. */
export function createApiKeysRepo(db: Database) {
  return {
    /** The user's keys, newest first. */
    listOf: (userId: string) =>
      db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt)),

    /**
     * Stores a key unless the user already holds `max` live ones (null then). The user's row is
     * locked for the count and the insert, so simultaneous creations cannot pass the cap together.
     */
    async createWithin(
      max: number,
      row: {
        userId: string;
        name: string;
        scopes: ApiKeyScope[];
        prefix: string;
        secretHash: string;
        expiresAt: Date | null;
      },
    ): Promise<ApiKeyRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: user.id }).from(user).where(eq(user.id, row.userId)).for('update');
        const [held] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, row.userId), liveAt(new Date())));
        if ((held?.n ?? 0) >= max) return null;
        const [created] = await tx.insert(apiKeys).values(row).returning();
        return created ?? null;
      });
    },

    /** Revokes one of the user's keys (a revoked one keeps its first revocation); null if not theirs. */
    async revoke(userId: string, id: string): Promise<ApiKeyRow | null> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, now())` })
        .where(and(eq(apiKeys.userId, userId), eq(apiKeys.id, id)))
        .returning();
      return row ?? null;
    },

    /** The key with this secret hash and what a viewer needs of its owner, whatever its state. */
    async findByHash(secretHash: string) {
      const [row] = await db
        .select({
          id: apiKeys.id,
          userId: apiKeys.userId,
          scopes: apiKeys.scopes,
          expiresAt: apiKeys.expiresAt,
          revokedAt: apiKeys.revokedAt,
          lastUsedAt: apiKeys.lastUsedAt,
          email: user.email,
          emailVerified: user.emailVerified,
          name: user.name,
          username: user.username,
          referralCode: user.referralCode,
          twoFactorEnabled: user.twoFactorEnabled,
        })
        .from(apiKeys)
        .innerJoin(user, eq(user.id, apiKeys.userId))
        .where(eq(apiKeys.secretHash, secretHash));
      return row ?? null;
    },

    /** Marks the key used now, unless it was within `withinMs` (one write per key per span). */
    async touch(id: string, withinMs: number): Promise<void> {
      const since = new Date(Date.now() - withinMs);
      await db
        .update(apiKeys)
        .set({ lastUsedAt: new Date() })
        .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, since))));
    },

    /** id → owner of each live key among `ids` (one query however many sockets use keys). */
    async liveOwners(ids: readonly string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: apiKeys.id, userId: apiKeys.userId })
        .from(apiKeys)
        .where(and(inArray(apiKeys.id, [...ids]), liveAt(new Date())));
      return new Map(rows.map((row) => [row.id, row.userId]));
    },
  };
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
