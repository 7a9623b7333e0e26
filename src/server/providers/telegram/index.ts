/**
 * The front of the Telegram port: the Bot API at TELEGRAM_API_URL (api.telegram.org, or a loopback
 * fake) when TELEGRAM_BOT_TOKEN is set, else no bot at all (`null`: the channel is off).
 */
import type { TelegramBotStatus } from '../../../contract/telegram';
import type { Config } from '../../config';
import type { BotApi } from './bot-api';
import { createHttpBotApi } from './http-bot-api';

export type { TelegramBotStatus };
export * from './bot-api';

export interface TelegramBot extends BotApi {
  /** The bot's @username, asked once of the Bot API (null while it cannot be asked). */
  username(): Promise<string | null>;
  /** How calls have gone in this process, as System Health shows it. */
  status(): TelegramBotStatus;
}

export function createTelegramBot(config: Pick<Config, 'telegram'>): TelegramBot | null {
  if (!config.telegram) return null;
  return tracked(createHttpBotApi({ apiUrl: config.telegram.apiUrl, token: config.telegram.botToken }));
}

/** A bot that remembers its last answered call, its last failure and its own name. */
export function tracked(api: BotApi): TelegramBot {
  const state: TelegramBotStatus = { configured: true, botUsername: null, lastOkAt: null, lastFailure: null };
  async function observed<T>(call: Promise<T>): Promise<T> {
    try {
      const result = await call;
      state.lastOkAt = new Date().toISOString();
      return result;
    } catch (error) {
      state.lastFailure = { at: new Date().toISOString(), error: (error as Error).message };
      throw error;
    }
  }
  const bot: TelegramBot = {
    getMe: () => observed(api.getMe()),
    sendMessage: (input) => observed(api.sendMessage(input)),
    editMessageText: (input) => observed(api.editMessageText(input)),
    answerCallbackQuery: (input) => observed(api.answerCallbackQuery(input)),
    getUpdates: (input) => observed(api.getUpdates(input)),
    async username() {
      if (state.botUsername) return state.botUsername;
      try {
        state.botUsername = (await bot.getMe()).username ?? null;
      } catch {
        // Shown as unknown for now; asked again next time.
      }
      return state.botUsername;
    },
    status: () => ({ ...state, lastFailure: state.lastFailure && { ...state.lastFailure } }),
  };
  return bot;
}
