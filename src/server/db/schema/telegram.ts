import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';

/** A trader's Telegram chat, linked once they sent the bot the one-time code from Settings. */
export const telegramLinks = pgTable('telegram_links', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  chatId: text('chat_id').notNull().unique(),
  username: text('username'),
  linkedAt: createdAt(),
});

/** A one-time link code (its SHA-256), one per trader at a time, valid until `expiresAt`. */
export const telegramLinkCodes = pgTable('telegram_link_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => user.id, { onDelete: 'cascade' }),
  expiresAt: timestamptz('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Where the bot's long poll resumes (the Bot API's `offset`), so no update is handled twice. */
export const telegramBotState = pgTable('telegram_bot_state', {
  id: integer('id').primaryKey().default(1),
  updateOffset: bigint('update_offset', { mode: 'number' }).notNull().default(0),
});
