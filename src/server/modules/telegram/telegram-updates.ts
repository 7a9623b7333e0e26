/**
 * The bot's inbox: one run of the `telegram-updates` task asks the Bot API for what arrived since
 * the stored offset (`getUpdates`, a short poll so a run is bounded) and handles each update in
 * order, storing the offset after each: across restarts and workers an update is handled once
 * (at least once if a process dies mid-update; an accept is idempotent, so a Confirm handled twice
 * still opens one trade). A failing update is logged and skipped; a failing Bot API fails the run,
 * which the scheduler logs and System Health shows, and the next run tries again.
 */
import type { TelegramBot, TgCallbackQuery, TgMessage, TgUpdate } from '../../providers/telegram';
import { TelegramApiError } from '../../providers/telegram';
import { parseOfferButton } from './callback-data';
import { PRESS_WORDS, type createTelegramAccept } from './telegram-accept';
import type { createTelegramCommands, Reply } from './telegram-commands';
import type { TelegramContext } from './telegram-context';
import type { createTelegramLinking } from './telegram-linking';
import { HELP_UNLINKED } from './telegram-messages';

/** Updates per Bot API call. */
const UPDATES_PER_CALL = 50;

export const UPDATE_WORDS = {
  notLinked: 'This chat is not linked to a HeatSignal account.',
  invalidButton: 'That button is no longer valid.',
  unknownCommand: 'I did not understand that. /help lists what I can do.',
};

interface Parts {
  linking: ReturnType<typeof createTelegramLinking>;
  commands: ReturnType<typeof createTelegramCommands>;
  accept: ReturnType<typeof createTelegramAccept>;
}

/** `/start@bot CODE` → ['start', 'CODE']; null for a message that is no command. */
function commandOf(text: string | undefined): { name: string; argument: string | undefined } | null {
  const match = /^\/([a-z_]+)(?:@\w+)?(?:\s+(\S+))?/i.exec(text?.trim() ?? '');
  return match ? { name: match[1]!.toLowerCase(), argument: match[2] } : null;
}

/** "message is not modified" (the same press twice) is no failure: the message already says it. */
const unchanged = (error: unknown) =>
  error instanceof TelegramApiError && error.errorCode === 400 && /not modified/i.test(error.message);

export function createTelegramUpdates(ctx: TelegramContext, bot: TelegramBot, parts: Parts) {
  const say = async (chatId: number, replies: Reply[]) => {
    for (const reply of replies)
      await bot.sendMessage({ chat_id: chatId, text: reply.text, reply_markup: reply.reply_markup });
  };

  async function onMessage(message: TgMessage): Promise<void> {
    const command = commandOf(message.text);
    if (command?.name === 'start')
      return say(message.chat.id, [{ text: await parts.linking.start(message, command.argument) }]);
    const link = message.chat.type === 'private' ? await ctx.repo.linkOfChat(String(message.chat.id)) : null;
    if (!link) return say(message.chat.id, [{ text: HELP_UNLINKED }]);
    switch (command?.name) {
      case 'offers':
        return say(message.chat.id, await parts.commands.offers(link.userId));
      case 'balance':
        return say(message.chat.id, await parts.commands.balance(link.userId));
      case 'trades':
        return say(message.chat.id, await parts.commands.trades(link.userId));
      case 'help':
        return say(message.chat.id, parts.commands.help());
      default:
        return say(message.chat.id, [{ text: UPDATE_WORDS.unknownCommand }]);
    }
  }

  async function onCallback(query: TgCallbackQuery): Promise<void> {
    const answer = (text: string) =>
      bot.answerCallbackQuery({ callback_query_id: query.id, ...(text && { text }) });
    const chat = query.message?.chat;
    // Only the private chat's own person presses its buttons.
    const link =
      chat && chat.type === 'private' && chat.id === query.from.id
        ? await ctx.repo.linkOfChat(String(chat.id))
        : null;
    if (!chat || !link) return void (await answer(UPDATE_WORDS.notLinked));
    const button = parseOfferButton(query.data);
    if (!button) return void (await answer(UPDATE_WORDS.invalidButton));
    let outcome;
    try {
      outcome = await parts.accept.press(query, link.userId, button);
    } catch (error) {
      await answer(PRESS_WORDS.failed).catch(() => undefined);
      throw error;
    }
    // Answered first: the spinner stops even if the edit fails.
    await answer(outcome.answer);
    if (outcome.edit && query.message)
      await bot
        .editMessageText({ chat_id: chat.id, message_id: query.message.message_id, ...outcome.edit })
        .catch((error: unknown) => {
          if (!unchanged(error)) throw error;
        });
  }

  async function handle(update: TgUpdate): Promise<void> {
    if (update.message) await onMessage(update.message);
    else if (update.callback_query) await onCallback(update.callback_query);
  }

  return {
    /** One run: what arrived since the stored offset, handled in order; resolves with how many. */
    async poll(): Promise<number> {
      const offset = await ctx.repo.updateOffset();
      const updates = await bot.getUpdates({
        ...(offset > 0 && { offset }),
        limit: UPDATES_PER_CALL,
        timeout: 0,
        allowed_updates: ['message', 'callback_query'],
      });
      for (const update of updates) {
        try {
          await handle(update);
        } catch (error) {
          ctx.log.error({ err: error, updateId: update.update_id }, 'a Telegram update could not be handled');
        }
        await ctx.repo.saveUpdateOffset(update.update_id + 1);
      }
      return updates.length;
    },
  };
}
