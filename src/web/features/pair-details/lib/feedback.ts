import type { FeedbackInput, FeedbackType } from '../../../../contract/offers';

/** Trader spec 5: a comment must not be blank after trimming. */
export const EMPTY_COMMENT = 'Comment cannot be empty';

export type FeedbackDraft = { ok: true; input: FeedbackInput } | { ok: false; error: string };

/**
 * The body of POST /offers/{id}/feedback for a button press: a comment carries its trimmed text,
 * a like or dislike carries nothing else (the typed comment is not sent with it).
 */
export function buildFeedback(type: FeedbackType, comment: string): FeedbackDraft {
  if (type !== 'comment') return { ok: true, input: { type } };
  const text = comment.trim();
  return text ? { ok: true, input: { type, text } } : { ok: false, error: EMPTY_COMMENT };
}
