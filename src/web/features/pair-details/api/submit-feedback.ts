import { useMutation } from '@tanstack/react-query';
import { okResponseSchema } from '../../../../contract/common';
import { offerFeedbackEndpoint, type FeedbackInput } from '../../../../contract/offers';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const FEEDBACK_FAILED = 'Failed to submit feedback';

export interface FeedbackVariables {
  offerId: string;
  input: FeedbackInput;
}

export function postFeedback({ offerId, input }: FeedbackVariables) {
  return apiRequest(endpointPath(offerFeedbackEndpoint, { offerId }), {
    method: 'POST',
    body: input,
    schema: okResponseSchema,
    fallbackError: FEEDBACK_FAILED,
  });
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: postFeedback });
}
