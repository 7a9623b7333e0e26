/**
 * A loopback fake of Telegram's Bot API that speaks its wire format: POST JSON to
 * `/bot<token>/<method>`, answers `{ ok: true, result }` or `{ ok: false, error_code, description }`
 * (429 with `parameters.retry_after`), updates with `update_id` confirmed by `offset`, and a long
 * poll that waits for the next update. It keeps what the bot sent, so a test (or a person, through
 * scripts/fake-telegram.ts) reads the chat as Telegram would show it, types in it and presses the
 * buttons the bot actually sent. It checks what the real API checks and the bot could get wrong:
 * the token, a known chat, text length, button data of 1-64 bytes, an edit that changes nothing.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InlineKeyboardMarkup, TgCallbackQuery, TgChat, TgMessage, TgUpdate, TgUser } from '../bot-api';

export const FAKE_BOT_TOKEN = '4242424242:AAFakeTelegramTokenForLoopbackTests_0';
export const FAKE_BOT_USERNAME = 'heatsignal_fake_bot';

/** A message the bot sent, as it stands now (edits applied), with what it was before. */
export interface BotMessage extends TgMessage {
  /** Earlier texts, oldest first. */
  edits: string[];
  /** When it was sent, in milliseconds (Telegram's `date` is in seconds). */
  sentAt: number;
}

/** One call the bot made: method and body (the token was only ever in the path). */
export interface FakeCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

export interface FakeFailure {
  status: 429 | 500 | 502 | 400 | 403;
  /** Seconds, for 429. */
  retryAfter?: number;
  description?: string;
  /** Only these methods fail (default: all). */
  methods?: string[];
  /** How many calls fail before the fake answers again (default: until `recover()`). */
  times?: number;
}

export interface Person {
  id: number;
  username?: string;
  firstName?: string;
}

export interface FakeTelegram {
  /** For TELEGRAM_API_URL. */
  url: string;
  token: string;
  bot: TgUser;
  calls: FakeCall[];
  /** The bot's messages in a chat, oldest first. */
  messagesIn(chatId: number): BotMessage[];
  /** Every chat someone wrote in, with the bot's messages there. */
  chats(): { chat: TgChat; messages: BotMessage[] }[];
  /** A person writes to the bot in their private chat (whose id is theirs, as in Telegram), or in a group. */
  type(person: Person, text: string, group?: { id: number; title: string }): TgUpdate;
  /** A person presses the button with this text on one of the bot's messages to them. */
  press(person: Person, messageId: number, buttonText: string): TgUpdate;
  /** What the bot answered to each pressed button (`answerCallbackQuery`), by callback query id. */
  answers: Map<string, { text?: string; show_alert?: boolean }>;
  /** Updates not yet confirmed by an `offset`. */
  pendingUpdates(): number;
  /** The person blocked the bot: sends to them answer 403, as Telegram does. */
  block(chatId: number): void;
  fail(failure: FakeFailure): void;
  recover(): void;
  close(): Promise<void>;
}

type Handler = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>;

class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

const MAX_TEXT = 4096;
const badRequest = (what: string) => new ApiRefusal(400, `Bad Request: ${what}`);

function checkMarkup(markup: unknown): InlineKeyboardMarkup | undefined {
  if (markup === undefined) return undefined;
  const rows = (markup as InlineKeyboardMarkup | null)?.inline_keyboard;
  if (!Array.isArray(rows) || rows.some((row) => !Array.isArray(row)))
    throw badRequest("can't parse reply keyboard markup");
  for (const button of rows.flat()) {
    if (typeof button.text !== 'string' || button.text === '') throw badRequest('button text is empty');
    const data = button.callback_data;
    if (data !== undefined && (Buffer.byteLength(data) < 1 || Buffer.byteLength(data) > 64))
      throw badRequest('BUTTON_DATA_INVALID');
  }
  return markup as InlineKeyboardMarkup;
}

function checkText(text: unknown): string {
  if (typeof text !== 'string' || text.trim() === '') throw badRequest('message text is empty');
  if (text.length > MAX_TEXT) throw badRequest('message is too long');
  return text;
}

export async function startFakeTelegram(
  options: { port?: number; token?: string; botUsername?: string; other?: Handler } = {},
): Promise<FakeTelegram> {
  const token = options.token ?? FAKE_BOT_TOKEN;
  const bot: TgUser = {
    id: 4242424242,
    is_bot: true,
    first_name: 'HeatSignal',
    username: options.botUsername ?? FAKE_BOT_USERNAME,
  };
  const calls: FakeCall[] = [];
  const answers = new Map<string, { text?: string; show_alert?: boolean }>();
  const chats = new Map<number, { chat: TgChat; messages: BotMessage[] }>();
  const blocked = new Set<number>();
  const openQueries = new Set<string>();
  let updates: TgUpdate[] = [];
  let nextUpdateId = 100_000;
  let nextMessageId = 1;
  let nextQueryId = 1;
  let failure: (FakeFailure & { left: number }) | null = null;
  const wake: (() => void)[] = [];
  const now = () => Math.floor(Date.now() / 1000);

  function enqueue(update: Omit<TgUpdate, 'update_id'>): TgUpdate {
    const full = { update_id: nextUpdateId++, ...update };
    updates.push(full);
    for (const resolve of wake.splice(0)) resolve();
    return full;
  }

  function chatOf(person: Person) {
    let entry = chats.get(person.id);
    if (!entry) {
      entry = {
        chat: {
          id: person.id,
          type: 'private',
          username: person.username,
          first_name: person.firstName ?? 'Trader',
        },
        messages: [],
      };
      chats.set(person.id, entry);
    }
    return entry;
  }
  const userOf = (person: Person): TgUser => ({
    id: person.id,
    is_bot: false,
    first_name: person.firstName ?? 'Trader',
    username: person.username,
  });

  function knownChat(chatId: unknown) {
    const entry = chats.get(Number(chatId));
    if (!entry) throw badRequest('chat not found');
    if (blocked.has(entry.chat.id)) throw new ApiRefusal(403, 'Forbidden: bot was blocked by the user');
    return entry;
  }

  const methods: Record<string, (body: Record<string, unknown>) => unknown> = {
    getMe: () => bot,
    sendMessage(body) {
      const entry = knownChat(body.chat_id);
      const message: BotMessage = {
        message_id: nextMessageId++,
        chat: entry.chat,
        from: bot,
        date: now(),
        text: checkText(body.text),
        reply_markup: checkMarkup(body.reply_markup),
        edits: [],
        sentAt: Date.now(),
      };
      entry.messages.push(message);
      const { edits: _edits, sentAt: _sentAt, ...sent } = message;
      return sent;
    },
    editMessageText(body) {
      const entry = knownChat(body.chat_id);
      const message = entry.messages.find((m) => m.message_id === Number(body.message_id));
      if (!message) throw badRequest('message to edit not found');
      const text = checkText(body.text);
      const markup = checkMarkup(body.reply_markup);
      if (text === message.text && JSON.stringify(markup) === JSON.stringify(message.reply_markup))
        throw badRequest(
          'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
        );
      message.edits.push(message.text ?? '');
      message.text = text;
      message.reply_markup = markup;
      const { edits: _edits, sentAt: _sentAt, ...edited } = message;
      return edited;
    },
    answerCallbackQuery(body) {
      const id = String(body.callback_query_id);
      if (!openQueries.delete(id))
        throw badRequest('query is too old and response timeout expired or query ID is invalid');
      answers.set(id, {
        ...(typeof body.text === 'string' && { text: body.text }),
        ...(typeof body.show_alert === 'boolean' && { show_alert: body.show_alert }),
      });
      return true;
    },
    async getUpdates(body) {
      const offset = Number(body.offset ?? 0);
      if (offset > 0) updates = updates.filter((u) => u.update_id >= offset);
      const limit = Math.min(100, Math.max(1, Number(body.limit ?? 100)));
      const timeout = Math.min(50, Math.max(0, Number(body.timeout ?? 0)));
      if (updates.length === 0 && timeout > 0)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, timeout * 1000);
          wake.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      return updates.slice(0, limit);
    },
  };

  async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (text === '') return {};
    try {
      const parsed = JSON.parse(text) as unknown;
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      throw badRequest("can't parse JSON");
    }
  }

  function send(response: ServerResponse, status: number, body: unknown) {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = (request.url ?? '/').split('?')[0]!;
    const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(path);
    if (!match) {
      if (options.other && (await options.other(request, response))) return;
      return send(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
    }
    const [, sentToken, method] = match as unknown as [string, string, string];
    try {
      const body = await readJson(request);
      calls.push({ method, path: `/bot<token>/${method}`, body });
      if (sentToken !== token) throw new ApiRefusal(401, 'Unauthorized');
      const run = methods[method];
      if (!run) throw new ApiRefusal(404, 'Not Found');
      if (failure && (!failure.methods || failure.methods.includes(method))) {
        const { status, retryAfter, description } = failure;
        if (--failure.left <= 0) failure = null;
        throw new ApiRefusal(
          status,
          description ??
            (status === 429 ? `Too Many Requests: retry after ${retryAfter ?? 1}` : 'Internal Server Error'),
          status === 429 ? (retryAfter ?? 1) : undefined,
        );
      }
      send(response, 200, { ok: true, result: await run(body) });
    } catch (error) {
      const refusal = error instanceof ApiRefusal ? error : new ApiRefusal(500, 'Internal Server Error');
      send(response, refusal.status, {
        ok: false,
        error_code: refusal.status,
        description: refusal.message,
        ...(refusal.retryAfter !== undefined && { parameters: { retry_after: refusal.retryAfter } }),
      });
    }
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    bot,
    calls,
    answers,
    messagesIn: (chatId) => chats.get(chatId)?.messages ?? [],
    chats: () => [...chats.values()],
    type(person, text, group) {
      const chat: TgChat = group ? { id: group.id, type: 'group' } : chatOf(person).chat;
      if (group && !chats.has(group.id)) chats.set(group.id, { chat, messages: [] });
      return enqueue({
        message: { message_id: nextMessageId++, chat, from: userOf(person), date: now(), text },
      });
    },
    press(person, messageId, buttonText) {
      const { chat, messages } = chatOf(person);
      const message = messages.find((m) => m.message_id === messageId);
      const button = message?.reply_markup?.inline_keyboard.flat().find((b) => b.text === buttonText);
      if (!message || !button?.callback_data)
        throw new Error(`no button "${buttonText}" on message ${messageId} in chat ${chat.id}`);
      const id = String(nextQueryId++);
      openQueries.add(id);
      const { edits: _edits, sentAt: _sentAt, ...shown } = message;
      const query: TgCallbackQuery = { id, from: userOf(person), message: shown, data: button.callback_data };
      return enqueue({ callback_query: query });
    },
    pendingUpdates: () => updates.length,
    block: (chatId) => blocked.add(chatId),
    fail(next) {
      failure = { ...next, left: next.times ?? Number.POSITIVE_INFINITY };
    },
    recover() {
      failure = null;
    },
    async close() {
      for (const resolve of wake.splice(0)) resolve();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
