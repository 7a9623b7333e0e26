import { z } from 'zod';
import { isoDateTimeSchema, noBodySchema, okResponseSchema } from './common';

/*
 * Telegram (issue #21): a trader links a private chat with the server's bot by sending it a
 * one-time code from Settings; the bot then brings them the offers and notifications their
 * preferences ask for, and accepts an offer from its button. Only a signed-in session manages the
 * link (no API key: `apiKey: 'none'`).
 */

export const TELEGRAM_NOT_CONFIGURED = 'Telegram is not set up on this server';
/** How long a link code works. */
export const TELEGRAM_LINK_CODE_MINUTES = 15;

/** The caller's link: the Telegram account it reached, and when. */
export const telegramLinkSchema = z.object({
  /** The Telegram @username, when the account has one. */
  username: z.string().nullable(),
  linkedAt: isoDateTimeSchema,
});
export type TelegramLink = z.infer<typeof telegramLinkSchema>;

export const telegramStatusSchema = z.object({
  /** TELEGRAM_BOT_TOKEN is set. */
  configured: z.boolean(),
  /** The bot's @username (from the Bot API; null while it could not be asked). */
  botUsername: z.string().nullable(),
  link: telegramLinkSchema.nullable(),
});
export type TelegramStatus = z.infer<typeof telegramStatusSchema>;

export const telegramStatusEndpoint = {
  method: 'GET',
  path: '/api/telegram',
  response: telegramStatusSchema,
  apiKey: 'none',
} as const;

/** The code is shown this once; the server keeps only its hash. */
export const telegramLinkCodeSchema = z.object({
  code: z.string(),
  expiresAt: isoDateTimeSchema,
  botUsername: z.string().nullable(),
  /** https://t.me/<bot>?start=<code>: opens the chat with the code filled in (null without the bot's name). */
  deepLink: z.string().nullable(),
});
export type TelegramLinkCode = z.infer<typeof telegramLinkCodeSchema>;

/** A new one-time code (any earlier code of the caller's stops working). */
export const createTelegramLinkCodeEndpoint = {
  method: 'POST',
  path: '/api/telegram/link-code',
  body: noBodySchema,
  response: telegramLinkCodeSchema,
  apiKey: 'none',
} as const;

/** Unlinks the caller's chat: the bot tells it nothing more. */
export const unlinkTelegramEndpoint = {
  method: 'DELETE',
  path: '/api/telegram/link',
  body: noBodySchema,
  response: okResponseSchema,
  apiKey: 'none',
} as const;

/** The bot's state in this process, as System Health shows it (admins). */
export const telegramBotStatusSchema = z.object({
  configured: z.boolean(),
  botUsername: z.string().nullable(),
  /** The last call the Bot API answered. */
  lastOkAt: isoDateTimeSchema.nullable(),
  /** The last call that failed, with the method and Telegram's answer (never the token). */
  lastFailure: z.object({ at: isoDateTimeSchema, error: z.string() }).nullable(),
});
export type TelegramBotStatus = z.infer<typeof telegramBotStatusSchema>;
