import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rejectOfferEndpoint } from '../../../../contract/offers';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { offersKeys } from './query-keys';

export const REJECT_FAILED = 'Failed to reject offer';

/** Records the caller's reject; the offer leaves their list. Empty body, `{ ok: true }` back. */
export function postRejectOffer(offerId: string) {
  return apiRequest(endpointPath(rejectOfferEndpoint, { id: offerId }), {
    method: 'POST',
    schema: rejectOfferEndpoint.response,
    fallbackError: REJECT_FAILED,
  });
}

export function useRejectOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRejectOffer,
    onSuccess: () => queryClient.resetQueries({ queryKey: offersKeys.list }),
    // A refusal (e.g. the offer expired meanwhile) refreshes the rows on screen without emptying them.
    onError: () => queryClient.invalidateQueries({ queryKey: offersKeys.list }),
  });
}
