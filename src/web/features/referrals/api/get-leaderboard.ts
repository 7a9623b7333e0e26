import { useQuery } from '@tanstack/react-query';
import { leaderboardEndpoint, leaderboardResponseSchema } from '../../../../contract/referrals';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { referralsKeys } from './query-keys';

export const LEADERBOARD_FETCH_ERROR = 'Failed to fetch leaderboard';

/** Top 50 referrers by points. */
export function getLeaderboard(signal?: AbortSignal) {
  return apiRequest(endpointPath(leaderboardEndpoint), {
    schema: leaderboardResponseSchema,
    fallbackError: LEADERBOARD_FETCH_ERROR,
    signal,
  });
}

export function useLeaderboard() {
  return useQuery({ queryKey: referralsKeys.leaderboard, queryFn: ({ signal }) => getLeaderboard(signal) });
}
