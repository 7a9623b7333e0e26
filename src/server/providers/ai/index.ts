import type { AiCommentator, AiLogger, AiProviderName, AiSettingsSource } from './ai-commentator';
import { createBuiltinCommentator } from './builtin';
import { createOpenAiCommentator } from './openai';

export type { AiComment, AiCommentInput, AiCommentator, AiProviderName } from './ai-commentator';

/** Picks the AI commentator from AI_PROVIDER (config.aiProvider) and its settings. */
export function createAiCommentator(options: {
  provider: AiProviderName;
  /** OPENAI_BASE_URL, e.g. https://api.openai.com/v1 */
  baseUrl?: string;
  /** OPENAI_API_KEY */
  apiKey?: string;
  /** aiModel and chatgptMaxRequests, read per call (the settings service). */
  settings: AiSettingsSource;
  timeoutMs?: number;
  log?: AiLogger;
}): AiCommentator {
  const builtin = createBuiltinCommentator();
  const provider = options.provider;
  switch (provider) {
    case 'builtin':
      return builtin;
    case 'openai': {
      if (!options.baseUrl || !options.apiKey) {
        throw new Error('AI_PROVIDER=openai needs OPENAI_BASE_URL and OPENAI_API_KEY');
      }
      return createOpenAiCommentator({
        baseUrl: options.baseUrl,
        apiKey: options.apiKey,
        settings: options.settings,
        fallback: builtin,
        ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
        ...(options.log && { log: options.log }),
      });
    }
    default: {
      const unreachable: never = provider;
      throw new Error(`unknown AI provider ${String(unreachable)}`);
    }
  }
}
