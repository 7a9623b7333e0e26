/** Raw OpenAI-compatible Chat Completions call: POST {baseUrl}/chat/completions, bearer key. */
import type { ChatCompletionRequest } from './transform';

export class AiProviderError extends Error {
  override name = 'AiProviderError';
}

/** Answers the parsed JSON body; throws AiProviderError on HTTP errors, timeouts and non-JSON. */
export async function postChatCompletion(options: {
  baseUrl: string;
  apiKey: string;
  body: ChatCompletionRequest;
  timeoutMs: number;
}): Promise<unknown> {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(options.body),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new AiProviderError(timedOut ? `timed out after ${options.timeoutMs} ms` : describe(error));
  }
  if (!response.ok) throw new AiProviderError(`HTTP ${response.status}${errorMessage(text)}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AiProviderError('response is not JSON');
  }
}

/** The `{ error: { message } }` body OpenAI-compatible servers send with a failure, if any. */
function errorMessage(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } };
    const message = body.error?.message;
    return typeof message === 'string' ? `: ${message.slice(0, 200)}` : '';
  } catch {
    return '';
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
