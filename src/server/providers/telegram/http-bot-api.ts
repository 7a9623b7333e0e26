/**
 * The Bot API over HTTP, by hand: each call is a POST of JSON to `<api>/bot<token>/<method>` and
 * answers `{ ok, result }` or `{ ok: false, error_code, description }`. About a hundred lines, so
 * every error is ours to word: the token is in the URL's path, and no error, log line or status
 * built here ever carries that URL (a library's fetch errors quote the URL they failed on).
 */
import {
  TelegramApiError,
  type BotApi,
  type BotApiResponse,
  type TgMessage,
  type TgUpdate,
  type TgUser,
} from './bot-api';

export interface HttpBotApiOptions {
  /** E.g. https://api.telegram.org, without a trailing slash. */
  apiUrl: string;
  token: string;
  /** How long a call may take beyond its long poll. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Why no answer came, without the request's URL (nor the message of an error that may quote it). */
function noAnswer(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return 'no answer in time';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' && /^[A-Z_]+$/.test(cause.code) ? cause.code : null;
  return code ? `no answer (${code})` : 'no answer';
}

export function createHttpBotApi(options: HttpBotApiOptions): BotApi {
  const { apiUrl, token } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const redact = (text: string) => text.replaceAll(token, '<token>');

  async function call<T>(method: string, body: object, pollSeconds = 0): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs + pollSeconds * 1000),
      });
    } catch (error) {
      throw new TelegramApiError(method, 0, noAnswer(error));
    }
    let answer: BotApiResponse<T> | null = null;
    try {
      answer = (await response.json()) as BotApiResponse<T>;
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    if (answer?.ok === true) return answer.result;
    if (answer?.ok === false) {
      const retryAfter = answer.parameters?.retry_after;
      throw new TelegramApiError(
        method,
        answer.error_code || response.status,
        redact(String(answer.description ?? `HTTP ${response.status}`)).slice(0, 300),
        typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter : null,
      );
    }
    throw new TelegramApiError(method, response.status, `HTTP ${response.status}`);
  }

  return {
    getMe: () => call<TgUser>('getMe', {}),
    sendMessage: (input) => call<TgMessage>('sendMessage', input),
    editMessageText: (input) => call<TgMessage | true>('editMessageText', input),
    answerCallbackQuery: (input) => call<true>('answerCallbackQuery', input),
    getUpdates: (input) => call<TgUpdate[]>('getUpdates', input, input.timeout ?? 0),
  };
}
