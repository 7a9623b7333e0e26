import fp from 'fastify-plugin';
import { registerTelegramRoutes } from './telegram.routes';
import { createTelegramService, SENDS_EVERY_MS, type TelegramService } from './telegram.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Telegram (issue #21): the link with a trader's chat, the bot's inbox and its messages. */
    telegram: TelegramService;
  }
}

/**
 * The Telegram channel of the notifications. Its two loops run on the worker (ROLE=all|worker)
 * under the scheduler's leases: `telegram-updates` reads the bot's inbox (commands, buttons),
 * `telegram-sends` sends the queued notifications. The bot is the provider's (`app.telegramBot`,
 * null without TELEGRAM_BOT_TOKEN).
 */
export const telegramPlugin = fp(
  async (app) => {
    const telegram = createTelegramService({
      db: app.db,
      bot: app.telegramBot,
      publicUrl: app.config.publicUrl,
      offers: app.offers,
      preferences: app.preferences,
      trading: app.trading,
      ledger: app.ledger,
      payments: app.payments,
      users: app.users,
      sends: app.notifications.sends,
      log: app.log,
    });
    app.decorate('telegram', telegram);
    if (telegram.configured) {
      app.notifications.onEvent((event) => telegram.queue(event));
      app.notifications.addTask({
        name: 'telegram-updates',
        every: () => telegram.pollEveryMs(),
        run: async () => void (await telegram.pollUpdates()),
      });
      app.notifications.addTask({
        name: 'telegram-sends',
        every: () => SENDS_EVERY_MS,
        run: async () => void (await telegram.sendDue()),
      });
    }
    registerTelegramRoutes(app, { telegram, viewers: app.viewers });
  },
  {
    name: 'telegram',
    dependencies: [
      'core',
      'providers',
      'auth',
      'ledger',
      'preferences',
      'offers',
      'notifications',
      'payments',
      'trading',
    ],
  },
);
