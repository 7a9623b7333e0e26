/**
 * A trading world (trading-fixture.ts) whose bot talks to a loopback fake of the Bot API: traders
 * link their chats as a person would (a code from Settings, `/start <code>` typed in the chat), new
 * offers are announced as the analysis pipeline announces them, and the bot's two tasks run when
 * the test says, as the worker would run them.
 */
import {
  startFakeTelegram,
  type FakeTelegram,
  type Person,
} from '../../../providers/telegram/testing/fake-telegram';
import type { TestUser } from '../../../testing/test-app';
import { createTradingWorld, type TradingWorld } from '../../trading/testing/trading-fixture';

export interface TelegramWorld extends TradingWorld {
  fake: FakeTelegram;
  /** Every log line the app wrote. */
  logs: string[];
  /** A one-time code from Settings, sent to the bot by `person`; resolves with the bot's answer. */
  link(user: TestUser, person: Person): Promise<string>;
  /** The analysis pipeline published this offer: the notifications (and their queue) are made. */
  announce(offerId: string): Promise<void>;
  /** One run of the bot's inbox, then of its sends. */
  poll(): Promise<void>;
  send(): Promise<void>;
  /** The bot's newest message in the person's chat. */
  last(person: Person): ReturnType<FakeTelegram['messagesIn']>[number] | undefined;
}

export async function createTelegramWorld(
  options: { env?: Record<string, string> } = {},
): Promise<TelegramWorld> {
  const fake = await startFakeTelegram();
  const logs: string[] = [];
  const world = await createTradingWorld({
    env: { TELEGRAM_BOT_TOKEN: fake.token, TELEGRAM_API_URL: fake.url, LOG_LEVEL: 'info', ...options.env },
    logStream: { write: (line: string) => void logs.push(line) },
  });
  const { app } = world.t;
  const poll = () => app.worker.runNow('telegram-updates');
  const telegramWorld: TelegramWorld = {
    ...world,
    fake,
    logs,
    async link(user, person) {
      const res = await app.inject({ method: 'POST', url: '/api/telegram/link-code', headers: user.auth });
      if (res.statusCode !== 200) throw new Error(`link code: ${res.statusCode} ${res.body}`);
      fake.type(person, `/start ${res.json<{ code: string }>().code}`);
      await poll();
      return telegramWorld.last(person)?.text ?? '';
    },
    async announce(offerId) {
      await app.events.emit('offers_changed', {
        offerId,
        created: true,
        refreshedIds: [],
        movedEnds: [],
        skippedBecause: null,
      });
      await app.notifications.settled();
      await app.offers.reloadLive();
    },
    poll,
    send: () => app.worker.runNow('telegram-sends'),
    last: (person) => fake.messagesIn(person.id).at(-1),
    async close() {
      await world.close();
      await fake.close();
    },
  };
  return telegramWorld;
}
