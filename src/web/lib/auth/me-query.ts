import { queryOptions } from '@tanstack/react-query';
import { meResponseSchema, type Me } from '../../../contract/account';
import { ApiError, apiRequest } from '../api-client';
import { clearAuthToken } from '../auth-token';

export const meQueryKey = ['auth', 'me'] as const;

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * With the stored token by default; a 401 then means it is dead (expired, revoked), so it is
 * forgotten, which signs the user out. `token` checks a token that is not stored yet.
 */
export async function fetchMe(signal?: AbortSignal, token?: string): Promise<Me> {
  if (token) {
    const headers = { authorization: `Bearer ${token}` };
    return apiRequest('/me', { schema: meResponseSchema, signal, auth: false, headers });
  }
  try {
    return await apiRequest('/me', { schema: meResponseSchema, signal });
  } catch (error) {
    if (isUnauthorized(error)) clearAuthToken();
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => fetchMe(signal),
    retry: (failureCount, error) => !isUnauthorized(error) && failureCount < 1,
    staleTime: 30_000,
  });
