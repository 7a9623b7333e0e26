import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getAuthToken } from '../../../lib/auth-token';

/**
 * Confirms the address with a mailed link's token. A query, not a mutation: opening the link is
 * the user's act, and opening it again is harmless (the server answers 200 once verified).
 */
export function useVerifyEmail(token: string) {
  return useQuery({
    queryKey: ['auth', 'verify-email', token],
    queryFn: ({ signal }) =>
      apiRequest('/auth/verify-email', {
        query: { token },
        // Signed in, the change of address applies to this session rather than opening a new one.
        auth: getAuthToken() !== null,
        signal,
        fallbackError: 'Could not verify the address',
      }),
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
