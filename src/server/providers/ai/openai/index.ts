import type { AiCommentator, AiLogger, AiSettingsSource } from '../ai-commentator';
import { AiProviderError, postChatCompletion } from './api';
import { createRequestBudget } from './request-budget';
import { buildChatRequest, readChatSummary } from './transform';

export const OPENAI_TIMEOUT_MS = 10_000;

/**
 * OpenAI-compatible commentator. Any failure — settings unreadable, hourly cap reached, HTTP error,
 * timeout, non-JSON or unexpected body — is logged and answered by `fallback` (source 'builtin').
 */
export function createOpenAiCommentator(options: {
  baseUrl: string;
  apiKey: string;
  settings: AiSettingsSource;
  fallback: AiCommentator;
  timeoutMs?: number;
  clock?: () => number;
  log?: AiLogger;
}): AiCommentator {
  const budget = createRequestBudget(options.clock);
  const timeoutMs = options.timeoutMs ?? OPENAI_TIMEOUT_MS;
  return {
    async summarize(input) {
      try {
        const { aiModel, chatgptMaxRequests } = await options.settings.get();
        if (!budget.tryTake(chatgptMaxRequests)) {
          throw new AiProviderError(`hourly cap of ${chatgptMaxRequests} requests reached`);
        }
        const body = await postChatCompletion({
          baseUrl: options.baseUrl,
          apiKey: options.apiKey,
          body: buildChatRequest(aiModel, input),
          timeoutMs,
        });
        return { summary: readChatSummary(body), source: 'openai' };
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        options.log?.warn({ pair: input.pair, err: reason }, 'AI summary fell back to the built-in analyst');
        return options.fallback.summarize(input);
      }
    },
  };
}
