import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../testing/free-port';
import { TelegramApiError } from './bot-api';
import { createHttpBotApi } from './http-bot-api';
import { createTelegramBot } from './index';
import { startFakeTelegram, type FakeTelegram } from './testing/fake-telegram';

/** The hand-written Bot API client against the loopback fake, on the wire as Telegram has it. */
describe('the Bot API client', () => {
  let fake: FakeTelegram;
  beforeAll(async () => {
    fake = await startFakeTelegram();
  });
  afterAll(async () => fake.close());
  const api = (token = fake.token) => createHttpBotApi({ apiUrl: fake.url, token });
  const rejection = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TelegramApiError);
    return error as TelegramApiError;
  };

  it('sends a message with its buttons and reads the updates after an offset', async () => {
    expect((await api().getMe()).username).toBe('heatsignal_fake_bot');
    const typed = fake.type({ id: 77, username: 'sam' }, 'hi');
    const [update] = await api().getUpdates({ timeout: 0 });
    expect(update).toEqual(typed);
    expect(update?.message).toMatchObject({
      chat: { id: 77, type: 'private' },
      from: { username: 'sam' },
      text: 'hi',
    });
    const sent = await api().sendMessage({
      chat_id: 77,
      text: 'Offer',
      reply_markup: { inline_keyboard: [[{ text: 'Accept $100', callback_data: 'a:x:10000' }]] },
    });
    expect(sent.message_id).toBeGreaterThan(0);
    const pressed = fake.press({ id: 77 }, sent.message_id, 'Accept $100');
    const next = await api().getUpdates({ offset: typed.update_id + 1 });
    expect(next.map((u) => u.callback_query?.data)).toEqual(['a:x:10000']);
    expect(
      await api().answerCallbackQuery({ callback_query_id: pressed.callback_query!.id, text: 'ok' }),
    ).toBe(true);
    expect(fake.calls.at(-1)).toEqual({
      method: 'answerCallbackQuery',
      path: '/bot<token>/answerCallbackQuery',
      body: { callback_query_id: pressed.callback_query!.id, text: 'ok' },
    });
  });

  it("words Telegram's refusals with the method and description, never the token", async () => {
    const wrong = '1:wrong-token-that-is-long-enough';
    const unauthorized = await rejection(api(wrong).getMe());
    expect([unauthorized.message, unauthorized.errorCode]).toEqual(['Telegram getMe: Unauthorized', 401]);
    const tooLong = await rejection(api().sendMessage({ chat_id: 77, text: 'x'.repeat(5000) }));
    expect(tooLong.message).toBe('Telegram sendMessage: Bad Request: message is too long');
    expect(tooLong.retryable).toBe(false);
    const badData = await rejection(
      api().sendMessage({
        chat_id: 77,
        text: 'x',
        reply_markup: { inline_keyboard: [[{ text: 'b', callback_data: 'x'.repeat(65) }]] },
      }),
    );
    expect(badData.message).toBe('Telegram sendMessage: Bad Request: BUTTON_DATA_INVALID');
    fake.fail({ status: 429, retryAfter: 3, times: 1 });
    const limited = await rejection(api().getMe());
    expect([limited.errorCode, limited.retryAfterSeconds, limited.retryable]).toEqual([429, 3, true]);
    expect(await api().getMe()).toMatchObject({ is_bot: true });
  });

  it('says "no answer" without the URL when nothing listens', async () => {
    const closed = createHttpBotApi({ apiUrl: `http://127.0.0.1:${await freePort()}`, token: fake.token });
    const down = await rejection(closed.getMe());
    expect(down.message).toBe('Telegram getMe: no answer (ECONNREFUSED)');
    expect(JSON.stringify({ ...down, stack: down.stack })).not.toContain(fake.token);
  });

  it('is off without a token, and remembers its name and its last failure when on', async () => {
    expect(createTelegramBot({})).toBeNull();
    const bot = createTelegramBot({ telegram: { botToken: fake.token, apiUrl: fake.url } })!;
    expect(await bot.username()).toBe('heatsignal_fake_bot');
    fake.fail({ status: 500, times: 1 });
    await expect(bot.sendMessage({ chat_id: 77, text: 'x' })).rejects.toThrow(
      'Telegram sendMessage: Internal Server Error',
    );
    expect(bot.status()).toMatchObject({
      configured: true,
      botUsername: 'heatsignal_fake_bot',
      lastFailure: { error: 'Telegram sendMessage: Internal Server Error' },
    });
  });
});
