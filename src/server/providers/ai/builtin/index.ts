import type { AiCommentator } from '../ai-commentator';
import { writeSummary } from './summary';

export function createBuiltinCommentator(): AiCommentator {
  return {
    summarize: async (input) => ({ summary: writeSummary(input), source: 'builtin' }),
  };
}
