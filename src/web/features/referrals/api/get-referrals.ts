import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listReferralsEndpoint, listReferralsResponseSchema } from '../../../../contract/referrals';
import { pageOffset } from '../../../components/ui/paging';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { REFERRALS_PAGE_SIZE, referralsKeys } from './query-keys';

export const REFERRALS_FETCH_ERROR = 'Failed to fetch referral data';

/** Referrals where the user is the referrer or the referred, newest first. */
export function getReferrals(page: number, signal?: AbortSignal) {
  return apiRequest(endpointPath(listReferralsEndpoint), {
    query: { offset: pageOffset(page, REFERRALS_PAGE_SIZE), limit: REFERRALS_PAGE_SIZE },
    schema: listReferralsResponseSchema,
    fallbackError: REFERRALS_FETCH_ERROR,
    signal,
  });
}

export function useReferrals(page: number) {
  return useQuery({
    queryKey: referralsKeys.history(page),
    queryFn: ({ signal }) => getReferrals(page, signal),
    placeholderData: keepPreviousData,
  });
}
