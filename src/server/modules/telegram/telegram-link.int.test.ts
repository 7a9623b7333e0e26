/**
 * Linking a chat with the bot (issue #21), against a loopback fake of the Bot API: a one-time code
 * from Settings, sent as `/start <code>`, links the person's private chat to the account; a wrong,
 * expired or used code links nothing, a chat already linked elsewhere is refused, and only the
 * account's own session sees or changes its link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TELEGRAM_NOT_CONFIGURED } from '../../../contract/telegram';
import { telegramLinkCodes, telegramLinks } from '../../db/schema';
import { FAKE_BOT_USERNAME } from '../../providers/telegram/testing/fake-telegram';
import { createTestAppWithUsers } from '../../testing/test-app';
import { hashCode, LINK_WORDS } from './telegram-linking';
import { HELP_UNLINKED } from './telegram-messages';
import { createTelegramWorld, type TelegramWorld } from './testing/telegram-world';

let w: TelegramWorld;
beforeAll(async () => {
  w = await createTelegramWorld();
}, 60_000);
afterAll(async () => w?.close());

const status = (auth: { authorization: string }) =>
  w.t.app.inject({ method: 'GET', url: '/api/telegram', headers: auth });
const newCode = async (auth: { authorization: string }) =>
  (await w.t.app.inject({ method: 'POST', url: '/api/telegram/link-code', headers: auth })).json<{
    code: string;
    expiresAt: string;
    botUsername: string;
    deepLink: string;
  }>();

describe('linking a Telegram chat', () => {
  it('shows a one-time code with the bot and its deep link; /start with it links the chat', async () => {
    const alice = await w.trader('alice');
    expect((await status(alice.auth)).json()).toEqual({
      configured: true,
      botUsername: FAKE_BOT_USERNAME,
      link: null,
    });
    const made = await newCode(alice.auth);
    expect(made.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(made.deepLink).toBe(`https://t.me/${FAKE_BOT_USERNAME}?start=${made.code}`);
    expect(Date.parse(made.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    // Kept only as its hash; never read back.
    const [stored] = await w.t.db
      .select()
      .from(telegramLinkCodes)
      .where(eq(telegramLinkCodes.userId, alice.id));
    expect(stored?.codeHash).toBe(hashCode(made.code));
    expect((await status(alice.auth)).body).not.toContain(made.code);

    const person = { id: 5001, username: 'alice_tg' };
    w.fake.type(person, `/start ${made.code}`);
    await w.poll();
    const me = (await w.t.app.inject({ method: 'GET', url: '/api/me', headers: alice.auth })).json<{
      username: string;
    }>();
    expect(w.last(person)?.text).toBe(LINK_WORDS.linked(me.username));
    const linked = (await status(alice.auth)).json<{ link: { username: string } }>();
    expect(linked.link.username).toBe('alice_tg');
    // The code is burnt: sending it again (from another chat) links nothing.
    const other = { id: 5002, username: 'mallory_tg' };
    w.fake.type(other, `/start ${made.code}`);
    await w.poll();
    expect(w.last(other)?.text).toBe(LINK_WORDS.invalidCode);
    expect(await w.t.db.select().from(telegramLinks).where(eq(telegramLinks.chatId, '5002'))).toEqual([]);
  });

  it('refuses a wrong code, an expired code and a code replaced by a newer one', async () => {
    const bob = await w.trader('bob');
    const person = { id: 5101 };
    w.fake.type(person, '/start WRONGCODE2');
    const first = await newCode(bob.auth);
    const second = await newCode(bob.auth);
    w.fake.type(person, `/start ${first.code}`);
    await w.poll();
    expect(w.fake.messagesIn(person.id).map((m) => m.text)).toEqual([
      LINK_WORDS.invalidCode,
      LINK_WORDS.invalidCode,
    ]);
    await w.t.db
      .update(telegramLinkCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(telegramLinkCodes.userId, bob.id));
    w.fake.type(person, `/start ${second.code}`);
    await w.poll();
    expect(w.last(person)?.text).toBe(LINK_WORDS.invalidCode);
    expect((await status(bob.auth)).json<{ link: unknown }>().link).toBeNull();
  });

  it('refuses a chat linked to another account, and a group chat', async () => {
    const carol = await w.trader('carol');
    const dave = await w.trader('dave');
    const person = { id: 5201, username: 'shared_tg' };
    expect(await w.link(carol, person)).toMatch(/^Linked to /);
    expect(await w.link(dave, person)).toBe(LINK_WORDS.chatTaken);
    expect((await status(dave.auth)).json<{ link: unknown }>().link).toBeNull();
    expect((await status(carol.auth)).json<{ link: { username: string } }>().link.username).toBe('shared_tg');
    // In a group anyone could press Accept: a code sent there links nothing and stays usable.
    const { code } = await newCode(dave.auth);
    w.fake.type({ id: 5202 }, `/start ${code}`, { id: -9001, title: 'Traders' });
    await w.poll();
    expect(w.last({ id: -9001 })?.text).toBe(LINK_WORDS.privateOnly);
    w.fake.type({ id: 5202, username: 'dave_tg' }, `/start ${code}`);
    await w.poll();
    expect((await status(dave.auth)).json<{ link: { username: string } }>().link.username).toBe('dave_tg');
  });

  it('tells an unlinked chat how to link, whatever it sends', async () => {
    const stranger = { id: 5301 };
    for (const text of ['hello', '/offers', '/balance', '/start']) w.fake.type(stranger, text);
    await w.poll();
    expect(w.fake.messagesIn(stranger.id).map((m) => m.text)).toEqual(Array(4).fill(HELP_UNLINKED));
  });

  it("is each account's own: another trader sees and unlinks only their own", async () => {
    const erin = await w.trader('erin');
    const frank = await w.trader('frank');
    await w.link(erin, { id: 5401, username: 'erin_tg' });
    expect((await status(frank.auth)).body).not.toContain('erin_tg');
    const unlink = (auth: { authorization: string }) =>
      w.t.app.inject({ method: 'DELETE', url: '/api/telegram/link', headers: auth });
    expect((await unlink(frank.auth)).json()).toEqual({ ok: true });
    expect((await status(erin.auth)).json<{ link: { username: string } }>().link.username).toBe('erin_tg');
    expect((await unlink(erin.auth)).statusCode).toBe(200);
    expect((await status(erin.auth)).json<{ link: unknown }>().link).toBeNull();
    // The chat is a stranger's again.
    w.fake.type({ id: 5401 }, '/balance');
    await w.poll();
    expect(w.last({ id: 5401 })?.text).toBe(HELP_UNLINKED);
  });

  it('answers 401 to anonymous callers', async () => {
    for (const [method, url] of [
      ['GET', '/api/telegram'],
      ['POST', '/api/telegram/link-code'],
      ['DELETE', '/api/telegram/link'],
    ] as const) {
      expect((await w.t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('a server without TELEGRAM_BOT_TOKEN', () => {
  it('says Telegram is not set up, and makes no code', async () => {
    const { t, trader } = await createTestAppWithUsers();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/telegram', headers: trader.auth });
      expect(res.json()).toEqual({ configured: false, botUsername: null, link: null });
      const code = await t.app.inject({
        method: 'POST',
        url: '/api/telegram/link-code',
        headers: trader.auth,
      });
      expect([code.statusCode, code.json()]).toEqual([409, { error: TELEGRAM_NOT_CONFIGURED }]);
      await expect(t.app.worker.runNow('telegram-updates')).rejects.toThrow(/no task/);
    } finally {
      await t.close();
    }
  });
});
