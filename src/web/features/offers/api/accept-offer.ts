import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  acceptOfferEndpoint,
  acceptOfferResponseSchema,
  type AcceptOfferInput,
} from '../../../../contract/offers';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { IDEMPOTENCY_HEADER, createIdempotencyKeys, isOutcomeUnknown } from '../../../lib/idempotency-key';
import { offersKeys } from './query-keys';

export const ACCEPT_FAILED = 'Failed to accept offer';

export interface AcceptOfferVariables {
  offerId: string;
  input: AcceptOfferInput;
}

/** Opens a trade on the offer; answers the opened trade and the caller's new available balance. */
export function postAcceptOffer({ offerId, input }: AcceptOfferVariables, idempotencyKey: string) {
  return apiRequest(endpointPath(acceptOfferEndpoint, { id: offerId }), {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: acceptOfferResponseSchema,
    fallbackError: ACCEPT_FAILED,
  });
}

/**
 * Accept moves money, so it carries an Idempotency-Key: an answer that leaves the outcome unknown
 * (no reply, 5xx, 409 in flight) is retried once with the same key, and so is a resubmit of the
 * same offer and values. After an accept the list restarts at page 1 (trader spec 4); after a
 * refusal the rows on screen and the kill switch's state are refreshed in place.
 */
export function useAcceptOffer() {
  const queryClient = useQueryClient();
  const [keys] = useState(() => createIdempotencyKeys());
  return useMutation({
    mutationFn: (variables: AcceptOfferVariables) => postAcceptOffer(variables, keys.keyFor(variables)),
    retry: (failureCount, error) => failureCount < 1 && isOutcomeUnknown(error),
    onSettled: (_result, error) => keys.settle(error),
    onSuccess: () => queryClient.resetQueries({ queryKey: offersKeys.list }),
    // A refusal may come from a halt the screen has not heard of yet: its banner is read again too.
    onError: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
