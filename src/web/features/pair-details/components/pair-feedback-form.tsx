import { useId, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import type { FeedbackType } from '../../../../contract/offers';
import { Button } from '../../../components/ui/button';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { serverErrorMessage } from '../../../lib/api-client';
import { FEEDBACK_FAILED, useSubmitFeedback } from '../api/submit-feedback';
import { buildFeedback } from '../lib/feedback';

export const FEEDBACK_SUBMITTED = 'Feedback submitted successfully';

interface PairFeedbackFormProps {
  /**
   * The pair's live offer, which feedback is about: null when the pair has none, undefined while
   * its details are loading or failed to load. Without one the buttons stay off.
   */
  offerId: string | null | undefined;
}

/** 'Add Feedback' on a pair's live offer: a comment, a like or a dislike. */
export function PairFeedbackForm({ offerId }: PairFeedbackFormProps) {
  const id = useId();
  const submit = useSubmitFeedback();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string>();
  // The modal sits above the toasts, so the outcome is also said inside it.
  const [outcome, setOutcome] = useState<string | null>(null);
  const disabled = !offerId || submit.isPending;

  const send = (type: FeedbackType) => {
    if (disabled || !offerId) return;
    const draft = buildFeedback(type, comment);
    setOutcome(null);
    if (!draft.ok) {
      setError(draft.error);
      return;
    }
    setError(undefined);
    submit.mutate(
      { offerId, input: draft.input },
      {
        onSuccess: () => {
          toast.success(FEEDBACK_SUBMITTED);
          setOutcome(FEEDBACK_SUBMITTED);
          if (type === 'comment') setComment('');
        },
        onError: (failure) => {
          const message = serverErrorMessage(failure, FEEDBACK_FAILED);
          toast.error(message);
          setOutcome(message);
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send('comment');
  };
  const pending = (type: FeedbackType) =>
    (submit.isPending && submit.variables.input.type === type) || undefined;

  return (
    <form noValidate aria-label="Feedback" onSubmit={onSubmit} className="mt-5 space-y-3">
      <FormField
        id={`${id}-comment`}
        label="Add Feedback"
        error={error}
        hint={offerId === null ? 'This pair has no live offer to give feedback on.' : undefined}
      >
        {(describedBy) => (
          <textarea
            id={`${id}-comment`}
            rows={3}
            maxLength={2000}
            placeholder="Add a comment..."
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className={inputClassName}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={disabled} aria-busy={pending('comment')}>
          Submit Comment
        </Button>
        <Button
          variant="secondary"
          disabled={disabled}
          aria-busy={pending('like')}
          onClick={() => send('like')}
        >
          Like
        </Button>
        <Button
          variant="secondary"
          disabled={disabled}
          aria-busy={pending('dislike')}
          onClick={() => send('dislike')}
        >
          Dislike
        </Button>
      </div>
      <p role="status" data-testid="feedback-outcome" className="min-h-5 text-sm text-slate-300">
        {outcome}
      </p>
    </form>
  );
}
