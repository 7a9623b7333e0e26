import { describe, expect, it } from 'vitest';
import { feedbackInputSchema } from '../../../../contract/offers';
import { EMPTY_COMMENT, buildFeedback } from './feedback';

describe('buildFeedback', () => {
  it.each(['', '   ', '\n\t '])('refuses a comment that is blank after trimming (%j)', (text) => {
    expect(buildFeedback('comment', text)).toEqual({ ok: false, error: 'Comment cannot be empty' });
    expect(EMPTY_COMMENT).toBe('Comment cannot be empty');
  });

  it('sends a comment trimmed, in the shape the server accepts', () => {
    const draft = buildFeedback('comment', '  Volume looks real  ');
    expect(draft).toEqual({ ok: true, input: { type: 'comment', text: 'Volume looks real' } });
    if (draft.ok) expect(feedbackInputSchema.safeParse(draft.input).success).toBe(true);
  });

  it.each(['like', 'dislike'] as const)('sends a %s alone, whatever is typed in the comment box', (type) => {
    expect(buildFeedback(type, 'half-typed thought')).toEqual({ ok: true, input: { type } });
    expect(buildFeedback(type, '')).toEqual({ ok: true, input: { type } });
  });
});
