import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createReferralEndpoint,
  createReferralResponseSchema,
  type CreateReferralInput,
} from '../../../../contract/referrals';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { referralsKeys } from './query-keys';

/** Trader spec 8 names no other failure text for this call. */
export const CREATE_REFERRAL_ERROR = 'Invalid referral code';

export function createReferral(input: CreateReferralInput) {
  return apiRequest(endpointPath(createReferralEndpoint), {
    method: 'POST',
    body: input,
    schema: createReferralResponseSchema,
    fallbackError: CREATE_REFERRAL_ERROR,
  });
}

/** Records the user as referred by the code's owner; history and leaderboard change with it. */
export function useCreateReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReferral,
    onSettled: () => queryClient.invalidateQueries({ queryKey: referralsKeys.all }),
  });
}
