/**
 * Linking a trader's private chat with the bot: Settings makes a one-time code (random, kept only
 * as its SHA-256, valid TELEGRAM_LINK_CODE_MINUTES, one per trader), the trader sends the bot
 * `/start <code>` (or opens the t.me deep link, which sends it for them), and that chat is theirs
 * until they unlink. A chat linked to another account is refused: one chat, one account.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  TELEGRAM_LINK_CODE_MINUTES,
  TELEGRAM_NOT_CONFIGURED,
  type TelegramLinkCode,
  type TelegramStatus,
} from '../../../contract/telegram';
import { conflict } from '../../http/errors';
import type { TgMessage } from '../../providers/telegram';
import type { TelegramContext } from './telegram-context';
import { HELP_UNLINKED } from './telegram-messages';

/** No look-alikes (0/O, 1/I/L): the code may be read off a screen and typed. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 31^10 ≈ 8·10^14 codes, each valid for minutes. */
const CODE_LENGTH = 10;

export const hashCode = (code: string) => createHash('sha256').update(code.toUpperCase()).digest('hex');

function newCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export const LINK_WORDS = {
  invalidCode: 'That code is not valid or has expired. Make a new one in HeatSignal → Settings → Telegram.',
  chatTaken:
    'This chat is already linked to another HeatSignal account. Unlink it there (Settings → Telegram) first.',
  privateOnly: 'Link HeatSignal in a private chat with me, not in a group.',
  linked: (name: string) =>
    `Linked to ${name}. New offers that match your preferences will arrive here. /help lists what I can do.`,
  alreadyLinked: (name: string) => `This chat is linked to ${name}. /help lists what I can do.`,
};

export function createTelegramLinking(ctx: TelegramContext) {
  async function accountName(userId: string): Promise<string> {
    const contact = (await ctx.users.contactsOf([userId])).get(userId);
    return contact?.username ?? contact?.name ?? 'your HeatSignal account';
  }

  return {
    async status(userId: string): Promise<TelegramStatus> {
      const link = await ctx.repo.linkOfUser(userId);
      return {
        configured: ctx.bot !== null,
        botUsername: ctx.bot ? await ctx.bot.username() : null,
        link: link && { username: link.username, linkedAt: link.linkedAt.toISOString() },
      };
    },

    async createCode(userId: string): Promise<TelegramLinkCode> {
      if (!ctx.bot) throw conflict(TELEGRAM_NOT_CONFIGURED);
      const code = newCode();
      const expiresAt = new Date(ctx.now().getTime() + TELEGRAM_LINK_CODE_MINUTES * 60_000);
      await ctx.repo.saveCode({ userId, codeHash: hashCode(code), expiresAt });
      const botUsername = await ctx.bot.username();
      return {
        code,
        expiresAt: expiresAt.toISOString(),
        botUsername,
        deepLink: botUsername ? `https://t.me/${botUsername}?start=${code}` : null,
      };
    },

    unlink: (userId: string) => ctx.repo.unlink(userId),

    /** `/start [code]`: links the chat, or says why not; a linked chat is told whose it is. */
    async start(message: TgMessage, code: string | undefined): Promise<string> {
      const chatId = String(message.chat.id);
      if (message.chat.type !== 'private') return LINK_WORDS.privateOnly;
      if (!code) {
        const link = await ctx.repo.linkOfChat(chatId);
        return link ? LINK_WORDS.alreadyLinked(await accountName(link.userId)) : HELP_UNLINKED;
      }
      const outcome = await ctx.repo.linkByCode({
        codeHash: hashCode(code),
        chatId,
        username: message.from?.username ?? null,
        now: ctx.now(),
      });
      if (outcome.kind === 'invalid_code') return LINK_WORDS.invalidCode;
      if (outcome.kind === 'chat_taken') return LINK_WORDS.chatTaken;
      ctx.log.info({ userId: outcome.userId }, 'a Telegram chat was linked');
      return LINK_WORDS.linked(await accountName(outcome.userId));
    },
  };
}
