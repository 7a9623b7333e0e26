/**
 * The AI comment of an analysis: a short plain-words summary of the figures that drove the signal.
 * Two implementations: `builtin` (deterministic, written from the numbers, no network) and
 * `openai` (any OpenAI-compatible Chat Completions endpoint, falling back to builtin).
 */
import type { PairAnalysis } from '../../engine/types';

export type AiProviderName = 'builtin' | 'openai';

export interface AiCommentInput {
  pair: string;
  analysis: PairAnalysis;
  /** Why the analysis ran, when a trigger started it. */
  triggerReason?: string;
}

export interface AiComment {
  summary: string;
  /** Who actually wrote it: a failed or capped openai call reports 'builtin'. */
  source: AiProviderName;
}

export interface AiCommentator {
  summarize(input: AiCommentInput): Promise<AiComment>;
}

/** Read on every call, so an admin's change of model or cap applies at once (SettingsService fits). */
export interface AiSettingsSource {
  get(): Promise<{ aiModel: string; chatgptMaxRequests: number }>;
}

/** Pino-compatible subset (Fastify's `app.log` fits). */
export interface AiLogger {
  warn(details: object, message: string): void;
}
