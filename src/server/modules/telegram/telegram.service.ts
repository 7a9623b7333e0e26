/**
 * The Telegram module (owns `telegram_links`, `telegram_link_codes`, `telegram_bot_state`): a
 * trader links a chat from Settings (telegram-linking.ts), the bot answers its commands and
 * buttons (telegram-updates.ts, telegram-commands.ts, telegram-accept.ts) and brings it their
 * notifications (telegram-sends.ts). Without TELEGRAM_BOT_TOKEN there is no bot: Settings says so,
 * nothing is queued, and the tasks do nothing.
 */
import type { UserEvent } from '../notifications/user-events';
import { createTelegramAccept } from './telegram-accept';
import { createTelegramCommands } from './telegram-commands';
import type { TelegramContext, TelegramDeps } from './telegram-context';
import { createTelegramLinking } from './telegram-linking';
import { createTelegramSends, type SendSummary } from './telegram-sends';
import { createTelegramUpdates } from './telegram-updates';
import { createTelegramRepo } from './telegram.repo';
import type { Database } from '../../db/client';

export type { TelegramDeps };

/** How often the bot's inbox is read, and how much longer after each failed try in a row (to 1 min). */
export const UPDATES_EVERY_MS = 1_000;
export const SENDS_EVERY_MS = 2_000;
const MAX_BACKOFF_MS = 60_000;

export function createTelegramService(deps: TelegramDeps & { db: Database }) {
  const ctx: TelegramContext = {
    ...deps,
    repo: createTelegramRepo(deps.db),
    now: deps.now ?? (() => new Date()),
  };
  const linking = createTelegramLinking(ctx);
  const { bot } = ctx;
  const updates = bot
    ? createTelegramUpdates(ctx, bot, {
        linking,
        commands: createTelegramCommands(ctx),
        accept: createTelegramAccept(ctx),
      })
    : null;
  const sends = bot ? createTelegramSends(ctx, bot) : null;
  let failedPolls = 0;

  return {
    configured: bot !== null,
    status: (userId: string) => linking.status(userId),
    createLinkCode: (userId: string) => linking.createCode(userId),
    unlink: linking.unlink,

    /** The channel's part in every event: queue its messages (nothing without a bot). */
    async queue(event: UserEvent): Promise<void> {
      await sends?.queue(event);
    },

    /** One run of `telegram-updates`: resolves with the number of updates handled. */
    async pollUpdates(): Promise<number> {
      if (!updates) return 0;
      try {
        const handled = await updates.poll();
        failedPolls = 0;
        return handled;
      } catch (error) {
        failedPolls += 1;
        throw error;
      }
    },
    /** Every second while Telegram answers; after failures in a row, 2, 4, 8 ... up to 60 s. */
    pollEveryMs: () =>
      failedPolls === 0 ? UPDATES_EVERY_MS : Math.min(MAX_BACKOFF_MS, UPDATES_EVERY_MS * 2 ** failedPolls),

    /** One run of `telegram-sends`. */
    sendDue: async (): Promise<SendSummary> => (sends ? sends.sendDue() : { sent: 0, retried: 0, failed: 0 }),
  };
}

export type TelegramService = ReturnType<typeof createTelegramService>;
