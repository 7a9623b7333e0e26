/**
 * The part of Telegram's Bot API (https://core.telegram.org/bots/api) that HeatSignal's bot uses,
 * in the API's own field names: these objects go over the wire as they are, to the real API and
 * to the loopback fake alike (testing/fake-telegram.ts).
 */

export interface TgUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
}

export interface TgChat {
  id: number;
  /** Only `private` chats are linked: in a group, anyone there could press Accept. */
  type: 'private' | 'group' | 'supergroup' | 'channel';
  username?: string;
  first_name?: string;
}

export interface InlineKeyboardButton {
  text: string;
  /** 1-64 bytes, sent back in the `callback_query` when the button is pressed. */
  callback_data?: string;
  url?: string;
}

export interface InlineKeyboardMarkup {
  inline_keyboard: InlineKeyboardButton[][];
}

export interface TgMessage {
  message_id: number;
  chat: TgChat;
  from?: TgUser;
  /** Unix seconds. */
  date: number;
  text?: string;
  reply_markup?: InlineKeyboardMarkup;
}

export interface TgCallbackQuery {
  id: string;
  from: TgUser;
  /** The bot's message whose button was pressed (absent when Telegram no longer has it). */
  message?: TgMessage;
  data?: string;
}

export interface TgUpdate {
  update_id: number;
  message?: TgMessage;
  callback_query?: TgCallbackQuery;
}

export interface SendMessageInput {
  chat_id: number | string;
  text: string;
  reply_markup?: InlineKeyboardMarkup;
  link_preview_options?: { is_disabled: boolean };
}

export interface EditMessageTextInput {
  chat_id: number | string;
  message_id: number;
  text: string;
  reply_markup?: InlineKeyboardMarkup;
}

export interface AnswerCallbackQueryInput {
  callback_query_id: string;
  text?: string;
  show_alert?: boolean;
}

export interface GetUpdatesInput {
  /** The first update to return: one more than the last handled (earlier ones are confirmed). */
  offset?: number;
  limit?: number;
  /** Long-poll seconds; 0 answers at once. */
  timeout?: number;
  allowed_updates?: ('message' | 'callback_query')[];
}

/** The Bot API's answer envelope. */
export type BotApiResponse<T> =
  | { ok: true; result: T }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after?: number } };

/**
 * A refused or failed call. Its text names the method and Telegram's description (or the network
 * failure), never the request URL: the Bot API carries the token in the URL's path.
 */
export class TelegramApiError extends Error {
  constructor(
    readonly method: string,
    /** Telegram's `error_code` (its HTTP status), or 0 when no answer came. */
    readonly errorCode: number,
    description: string,
    /** Seconds to wait, when Telegram answered 429 Too Many Requests. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Telegram ${method}: ${description}`);
    this.name = 'TelegramApiError';
  }

  /** Worth trying again later: no answer, a server error or a rate limit. */
  get retryable(): boolean {
    return this.errorCode === 0 || this.errorCode === 429 || this.errorCode >= 500;
  }
}

/** The calls the bot makes. */
export interface BotApi {
  getMe(): Promise<TgUser>;
  sendMessage(input: SendMessageInput): Promise<TgMessage>;
  /** Telegram answers `true` instead of the message for inline messages (never ours). */
  editMessageText(input: EditMessageTextInput): Promise<TgMessage | true>;
  answerCallbackQuery(input: AnswerCallbackQueryInput): Promise<true>;
  getUpdates(input: GetUpdatesInput): Promise<TgUpdate[]>;
}
