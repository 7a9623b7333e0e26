/**
 * Telegram end to end (issue #21: "gets the same offer on Telegram and accepts it there"), against
 * a loopback fake of the Bot API: a new offer reaches the chats of the linked traders whose
 * preferences it matches and who asked to hear of new offers, with an 'Accept $X' button; Accept
 * asks, Confirm accepts through the trading service's accept (one trade however often it is
 * pressed; guardrails and the Free plan's limit answer in the chat); the commands answer from the
 * same services as the web; an unlinked chat hears nothing more; and a Bot API that fails is
 * retried, never stops the process, and never gets its token into a log.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarMonthOf, freeLimitMessage } from '../../../contract/billing';
import type { PositionType } from '../../../contract/enums';
import { notificationSends, offers } from '../../db/schema';
import type { Person } from '../../providers/telegram/testing/fake-telegram';
import type { TestUser } from '../../testing/test-app';
import { ALREADY_ACTED } from '../offers/offers.service';
import { PRESS_WORDS } from './telegram-accept';
import { UPDATE_WORDS } from './telegram-updates';
import { createTelegramWorld, type TelegramWorld } from './testing/telegram-world';

let w: TelegramWorld;
let tina: TestUser;
const tinaChat: Person = { id: 6001, username: 'tina_tg' };

/** A live offer every default preference matches (long, low risk, 80 % success, +2.5 %). */
async function matchingOffer(symbol: string, positionType: PositionType = 'long', heatScore = 70) {
  const pairId = w.pairIds.get(symbol)!;
  await w.t.db
    .update(offers)
    .set({ status: 'expired' })
    .where(
      and(
        eq(offers.pairId, pairId),
        eq(offers.positionType, positionType),
        inArray(offers.status, ['open', 'hot']),
      ),
    );
  return w.offer(symbol, {
    positionType,
    riskLevel: 'low',
    successRate: 80,
    expectedProfitPercent: 2.5,
    heatScore,
  });
}

const buttonsOf = (message: { reply_markup?: { inline_keyboard: { text: string }[][] } } | undefined) =>
  message?.reply_markup?.inline_keyboard.flat().map((b) => b.text) ?? [];
const telegramSends = () =>
  w.t.db.select().from(notificationSends).where(eq(notificationSends.channel, 'telegram'));
const tradesOf = async (user: TestUser) =>
  (await w.t.app.inject({ method: 'GET', url: '/api/trades/trades', headers: user.auth })).json<{
    trades: { id: string; offerId: string; amount: number; status: string }[];
    total: number;
  }>();
const setPreferences = (user: TestUser, body: object) =>
  w.t.app.inject({ method: 'PUT', url: '/api/users/preferences', headers: user.auth, payload: body });

/** The offer's message in the chat, pressed through Accept and Confirm; resolves with the press answers. */
async function acceptThere(person: Person, messageId: number): Promise<string[]> {
  w.fake.press(
    person,
    messageId,
    w.fake.messagesIn(person.id).find((m) => m.message_id === messageId)!.reply_markup!
      .inline_keyboard[0]![0]!.text,
  );
  await w.poll();
  const confirm = w.fake.press(person, messageId, 'Confirm');
  await w.poll();
  return [w.fake.answers.get(confirm.callback_query!.id)?.text ?? ''];
}

beforeAll(async () => {
  w = await createTelegramWorld();
  tina = await w.trader('tina');
  await w.link(tina, tinaChat);
}, 60_000);
afterAll(async () => w?.close());

describe('an offer on Telegram', () => {
  let offerId: string;
  let messageId: number;

  it('reaches the linked chats whose preferences it matches and who asked for new offers', async () => {
    const nora = await w.trader('nora');
    await setPreferences(nora, { preferredPairs: ['ETH/USD'] });
    await w.link(nora, { id: 6002 });
    const quiet = await w.trader('quiet');
    await setPreferences(quiet, { notificationPrefs: { newOffer: false } });
    await w.link(quiet, { id: 6003 });
    await w.trader('unlinked');

    offerId = await matchingOffer('BTC/USD');
    await w.announce(offerId);
    // Queued for the one linked trader told of it; none for the others.
    expect((await telegramSends()).map((s) => [s.userId, s.status])).toEqual([[tina.id, 'pending']]);
    await w.send();
    const message = w.last(tinaChat)!;
    messageId = message.message_id;
    expect(message.text).toMatch(
      /^New offer: BTC\/USD\nBTC\/USD long: heat 70, success 80%, expected \+2\.50%, low risk\nhttp:\/\/localhost:3000\/offers$/,
    );
    expect(buttonsOf(message)).toEqual(['Accept $100']);
    expect((await telegramSends()).map((s) => s.status)).toEqual(['sent']);
    expect(w.last({ id: 6002 })?.text).toMatch(/^Linked to/);
    expect(w.last({ id: 6003 })?.text).toMatch(/^Linked to/);
  });

  it('asks before accepting, and Cancel puts the offer back', async () => {
    const original = w.last(tinaChat)!.text;
    const press = w.fake.press(tinaChat, messageId, 'Accept $100');
    await w.poll();
    expect(w.fake.answers.has(press.callback_query!.id)).toBe(true);
    expect(w.last(tinaChat)!.text).toBe(`${original}\n\nAccept $100 on BTC/USD long?`);
    expect(buttonsOf(w.last(tinaChat))).toEqual(['Confirm', 'Cancel']);
    w.fake.press(tinaChat, messageId, 'Cancel');
    await w.poll();
    expect(w.last(tinaChat)!.text).toBe(original);
    expect(buttonsOf(w.last(tinaChat))).toEqual(['Accept $100']);
    expect((await tradesOf(tina)).total).toBe(0);
  });

  it('opens exactly one trade on Confirm, through the same accept as the web, however often pressed', async () => {
    w.fake.press(tinaChat, messageId, 'Accept $100');
    await w.poll();
    // Pressed twice before the bot answered: two updates for the one button.
    const first = w.fake.press(tinaChat, messageId, 'Confirm');
    const second = w.fake.press(tinaChat, messageId, 'Confirm');
    await w.poll();
    const { trades, total } = await tradesOf(tina);
    expect(total).toBe(1);
    expect(trades[0]).toMatchObject({ offerId, amount: 100, status: 'open' });
    expect(w.fake.answers.get(first.callback_query!.id)?.text).toBe(
      'Trade opened: $100.00 BTC/USD long at 50,005',
    );
    expect(w.fake.answers.get(second.callback_query!.id)?.text).toBe(PRESS_WORDS.alreadyAccepted);
    expect(w.last(tinaChat)!.text).toMatch(
      /\n\n— Already accepted: this offer opened one trade\. Trade opened: \$100\.00 BTC\/USD long at 50,005$/,
    );
    expect(buttonsOf(w.last(tinaChat))).toEqual([]);
    expect(await w.balances(tina)).toMatchObject({ availableCents: 90_000 });
  });

  it('answers a guardrail refusal with its rule, and tells of it as a notification', async () => {
    await w.setGuardrails({ maxOpenTrades: 1 });
    try {
      const next = await matchingOffer('ETH/USD');
      await w.announce(next);
      await w.send();
      const [answer] = await acceptThere(tinaChat, w.last(tinaChat)!.message_id);
      expect(answer).toBe('Not accepted: Guardrail: at most 1 open trades');
      // The reason may pass (a trade closes): the button stays.
      expect(buttonsOf(w.fake.messagesIn(tinaChat.id).at(-1))).toEqual(['Accept $100']);
      expect((await tradesOf(tina)).total).toBe(1);
      await w.t.app.notifications.settled();
      await w.send();
      expect(w.last(tinaChat)!.text).toMatch(/^Accept refused: ETH\/USD\nGuardrail: at most 1 open trades/);
    } finally {
      await w.setGuardrails({ maxOpenTrades: 5 });
    }
  });

  it('refuses an offer the trader already acted on, and one that is gone', async () => {
    const acted = await matchingOffer('ETH/USD', 'quick_long');
    await setPreferences(tina, { preferredPositionTypes: ['long', 'quick_long'] });
    await w.announce(acted);
    await w.send();
    const message = w.last(tinaChat)!;
    expect((await w.accept(tina, acted, { entryAmount: 20 })).statusCode).toBe(200);
    const [answer] = await acceptThere(tinaChat, message.message_id);
    expect(answer).toBe(`Not accepted: ${ALREADY_ACTED}`);
    expect(buttonsOf(w.last(tinaChat))).toEqual([]);

    const gone = await matchingOffer('BTC/USD', 'quick_long');
    await w.announce(gone);
    await w.send();
    const goneMessage = w.last(tinaChat)!;
    await w.t.db.update(offers).set({ status: 'expired' }).where(eq(offers.id, gone));
    const press = w.fake.press(tinaChat, goneMessage.message_id, 'Accept $100');
    await w.poll();
    expect(w.fake.answers.get(press.callback_query!.id)?.text).toBe(PRESS_WORDS.unavailable);
    expect((await tradesOf(tina)).total).toBe(2);
  });

  it("answers a Free trader over the month's limit with the plan's refusal", async () => {
    // Five open trades would meet the open-trade guardrail first.
    await w.setGuardrails({ maxOpenTrades: 10 });
    const fay = await w.trader('fay', 100_000, { plan: 'free' });
    const fayChat = { id: 6100 };
    await w.link(fay, fayChat);
    const types: PositionType[] = [
      'quick_long',
      'quick_short',
      'short',
      'ml_scalp_bullish',
      'ml_scalp_bearish',
    ];
    for (const type of types)
      expect(
        (await w.accept(fay, await matchingOffer('ETH/USD', type), { entryAmount: 10 })).statusCode,
      ).toBe(200);
    const sixth = await matchingOffer('BTC/USD', 'long', 71);
    await w.announce(sixth);
    await w.send();
    const [answer] = await acceptThere(fayChat, w.last(fayChat)!.message_id);
    const refusal = `Not accepted: ${freeLimitMessage(calendarMonthOf(new Date()).resetsAt)}`;
    expect(answer).toBe(refusal);
    expect(w.last(fayChat)!.text).toContain(refusal);
    expect((await tradesOf(fay)).total).toBe(5);
    await w.setGuardrails({ maxOpenTrades: 5 });
  });
});

describe('the commands of a linked chat', () => {
  it('/balance, /trades and /offers answer from the same services as the web', async () => {
    w.fake.type(tinaChat, '/balance');
    await w.poll();
    expect(w.last(tinaChat)!.text).toBe('Available: $880.00\nHeld by pending withdrawals: $0.00');

    w.fake.type(tinaChat, '/trades');
    await w.poll();
    expect(w.last(tinaChat)!.text).toBe(
      // The fills at the book's ask; marked at its bid, after the fees.
      'Open trades (2):\n• ETH/USD quick long $20.00 at 2,000.2: now -0.55%\n• BTC/USD long $100.00 at 50,005: now -0.54%',
    );

    const before = w.fake.messagesIn(tinaChat.id).length;
    w.fake.type(tinaChat, '/offers');
    await w.poll();
    const answers = w.fake.messagesIn(tinaChat.id).slice(before);
    expect(answers[0]!.text).toMatch(
      /^Your top \d live offers \(matching your preferences, hottest first\):$/,
    );
    // Hottest first; never one she acted on or one her preferences exclude.
    const shown = answers.slice(1);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown[0]!.text).toMatch(/^New offer: BTC\/USD\nBTC\/USD long: heat 71/);
    for (const message of shown) {
      expect(buttonsOf(message)).toEqual(['Accept $100']);
      expect(message.text).toMatch(/ (long|quick long): /);
    }
    w.fake.type(tinaChat, '/help');
    w.fake.type(tinaChat, 'what now?');
    await w.poll();
    expect(w.fake.messagesIn(tinaChat.id).at(-2)!.text).toMatch(/^Commands:\n\/offers/);
    expect(w.last(tinaChat)!.text).toBe(UPDATE_WORDS.unknownCommand);
  });
});

describe('unlinking', () => {
  it('stops the messages, and a button of the old chat is refused', async () => {
    const old = w.fake.messagesIn(tinaChat.id).find((m) => buttonsOf(m).includes('Accept $100'))!;
    expect(
      (await w.t.app.inject({ method: 'DELETE', url: '/api/telegram/link', headers: tina.auth })).statusCode,
    ).toBe(200);
    const sent = w.fake.messagesIn(tinaChat.id).length;
    const queued = (await telegramSends()).filter((s) => s.userId === tina.id).length;
    await w.announce(await matchingOffer('ETH/USD', 'long', 90));
    await w.send();
    expect(w.fake.messagesIn(tinaChat.id)).toHaveLength(sent);
    expect((await telegramSends()).filter((s) => s.userId === tina.id)).toHaveLength(queued);
    const press = w.fake.press(tinaChat, old.message_id, 'Accept $100');
    await w.poll();
    expect(w.fake.answers.get(press.callback_query!.id)?.text).toBe(UPDATE_WORDS.notLinked);
  });
});

describe('a Bot API that fails', () => {
  it('is retried (honouring 429 retry_after), never stops the process, and never logs the token', async () => {
    const rita = await w.trader('rita');
    const ritaChat = { id: 6200 };
    await w.link(rita, ritaChat);
    const linked = w.fake.messagesIn(ritaChat.id).length;

    w.fake.fail({ status: 500 });
    await w.announce(await matchingOffer('BTC/USD', 'long', 95));
    await w.send();
    await w.poll();
    const [failed] = (await telegramSends()).filter((s) => s.userId === rita.id);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: 'Telegram sendMessage: Internal Server Error',
    });
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(w.logs.some((line) => line.includes('Telegram getUpdates: Internal Server Error'))).toBe(true);
    expect(
      (await w.t.app.inject({ method: 'GET', url: '/api/telegram', headers: rita.auth })).statusCode,
    ).toBe(200);

    // Telegram answers again; the retry falls due (moved to now rather than waited for).
    w.fake.recover();
    await w.t.db
      .update(notificationSends)
      .set({ nextAttemptAt: new Date() })
      .where(eq(notificationSends.id, failed!.id));
    await w.send();
    expect(w.fake.messagesIn(ritaChat.id)).toHaveLength(linked + 1);

    w.fake.fail({ status: 429, retryAfter: 7, times: 1 });
    await w.announce(await matchingOffer('ETH/USD', 'long', 96));
    await w.send();
    // The batch waits as long as Telegram asked: the refused send and the ones after it.
    const pending = (await telegramSends()).filter((s) => s.status === 'pending');
    expect(pending.map((s) => s.error)).toContain('Telegram sendMessage: Too Many Requests: retry after 7');
    const limited = pending.find((s) => s.userId === rita.id);
    expect(limited!.error).toMatch(/Too Many Requests: retry after 7|Telegram asked to slow down/);
    const wait = limited!.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(5_000);
    expect(wait).toBeLessThanOrEqual(7_000);

    // No Telegram at all: the runs fail, the process goes on.
    await w.fake.close();
    await w.poll();
    expect(w.logs.some((line) => line.includes('Telegram getUpdates: no answer'))).toBe(true);
    const health = await w.t.app.inject({
      method: 'GET',
      url: '/api/admin/system-health',
      headers: w.admin.auth,
    });
    expect(health.statusCode).toBe(200);
    expect(health.json<{ telegram: unknown }>().telegram).toMatchObject({
      configured: true,
      botUsername: 'heatsignal_fake_bot',
      lastFailure: { error: expect.stringContaining('Telegram getUpdates: no answer') as unknown },
    });

    const everything = [...w.logs, health.body, JSON.stringify(await telegramSends())].join('\n');
    expect(everything).not.toContain(w.fake.token);
    expect(everything).not.toContain(w.fake.token.split(':')[1]);
  });
});
