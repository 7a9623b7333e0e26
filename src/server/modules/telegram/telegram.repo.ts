import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { telegramBotState, telegramLinkCodes, telegramLinks } from '../../db/schema';

export type TelegramLinkRow = typeof telegramLinks.$inferSelect;

export type LinkOutcome =
  | { kind: 'linked'; userId: string }
  | { kind: 'invalid_code' }
  /** The chat is linked to another account already: it must be unlinked there first. */
  | { kind: 'chat_taken' };

export function createTelegramRepo(db: Database) {
  return {
    async linkOfUser(userId: string): Promise<TelegramLinkRow | null> {
      const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId));
      return row ?? null;
    },

    async linkOfChat(chatId: string): Promise<TelegramLinkRow | null> {
      const [row] = await db.select().from(telegramLinks).where(eq(telegramLinks.chatId, chatId));
      return row ?? null;
    },

    /** userId → chat id, for those of `userIds` who linked a chat. */
    async chatsOf(userIds: readonly string[]): Promise<Map<string, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .select({ userId: telegramLinks.userId, chatId: telegramLinks.chatId })
        .from(telegramLinks)
        // One parameter however many traders a new offer concerns (a list would hit 65,535).
        .where(
          sql`${telegramLinks.userId} in (select jsonb_array_elements_text(${JSON.stringify([...new Set(userIds)])}::jsonb))`,
        );
      return new Map(rows.map((row) => [row.userId, row.chatId]));
    },

    /** The trader's one code: a new one replaces any earlier (which stops working). */
    async saveCode(input: { userId: string; codeHash: string; expiresAt: Date }): Promise<void> {
      await db
        .insert(telegramLinkCodes)
        .values(input)
        .onConflictDoUpdate({
          target: telegramLinkCodes.userId,
          set: { codeHash: input.codeHash, expiresAt: input.expiresAt, createdAt: sql`now()` },
        });
    },

    /**
     * Links the chat to the account whose unexpired code this is, and burns the code, in one
     * transaction: the code's row is locked, so two chats sending it at once link one of them.
     * A chat linked to another account is refused (the code stays usable); the account's earlier
     * chat, if any, is replaced.
     */
    async linkByCode(input: { codeHash: string; chatId: string; username: string | null; now: Date }) {
      try {
        return await db.transaction(async (tx): Promise<LinkOutcome> => {
          const [code] = await tx
            .select({ userId: telegramLinkCodes.userId })
            .from(telegramLinkCodes)
            .where(
              and(eq(telegramLinkCodes.codeHash, input.codeHash), gt(telegramLinkCodes.expiresAt, input.now)),
            )
            .for('update');
          if (!code) return { kind: 'invalid_code' };
          const [holder] = await tx
            .select({ userId: telegramLinks.userId })
            .from(telegramLinks)
            .where(eq(telegramLinks.chatId, input.chatId));
          if (holder && holder.userId !== code.userId) return { kind: 'chat_taken' };
          const values = {
            userId: code.userId,
            chatId: input.chatId,
            username: input.username,
            linkedAt: input.now,
          };
          await tx
            .insert(telegramLinks)
            .values(values)
            .onConflictDoUpdate({ target: telegramLinks.userId, set: values });
          await tx.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, code.userId));
          return { kind: 'linked', userId: code.userId };
        });
      } catch (error) {
        // The chat was linked to another account between the check and the insert.
        if (isUniqueViolation(error)) return { kind: 'chat_taken' } satisfies LinkOutcome;
        throw error;
      }
    },

    /** Removes the trader's link and any unused code; true when a chat was linked. */
    async unlink(userId: string): Promise<boolean> {
      await db.delete(telegramLinkCodes).where(eq(telegramLinkCodes.userId, userId));
      const gone = await db
        .delete(telegramLinks)
        .where(eq(telegramLinks.userId, userId))
        .returning({ userId: telegramLinks.userId });
      return gone.length > 0;
    },

    /** The next update to ask the Bot API for (0: none handled yet). */
    async updateOffset(): Promise<number> {
      const [row] = await db.select().from(telegramBotState).where(eq(telegramBotState.id, 1));
      return row?.updateOffset ?? 0;
    },

    /** Never moves back: a slower run that finishes late cannot make updates handled again. */
    async saveUpdateOffset(offset: number): Promise<void> {
      await db
        .insert(telegramBotState)
        .values({ id: 1, updateOffset: offset })
        .onConflictDoUpdate({
          target: telegramBotState.id,
          set: { updateOffset: sql`greatest(${telegramBotState.updateOffset}, ${offset})` },
        });
    },
  };
}

export type TelegramRepo = ReturnType<typeof createTelegramRepo>;
