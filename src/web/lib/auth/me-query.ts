import { queryOptions } from '@tanstack/react-query';
import type { Me } from '../../../contract/account';
import { ApiError, apiRequest, type ApiRequestOptions } from '../api-client';
import { clearAuthToken } from '../auth-token';

export const meQueryKey = ['auth', 'me'] as const;

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The schema (and zod with it) loads alongside the request, not with the app: visitors never need
 * it on the landing page, whose first load has a budget (bench/web-landing.ts).
 */
async function requestMe(options: ApiRequestOptions<undefined>): Promise<Me> {
  const [data, { meResponseSchema }] = await Promise.all([
    apiRequest('/me', options),
    import('../../../contract/account'),
  ]);
  return meResponseSchema.parse(data);
}

/**
 * With the stored token by default; a 401 then means it is dead (expired, revoked), so it is
 * forgotten, which signs the user out. `token` checks a token that is not stored yet.
 */
export async function fetchMe(signal?: AbortSignal, token?: string): Promise<Me> {
  if (token) {
    const headers = { authorization: `Bearer ${token}` };
    return requestMe({ signal, auth: false, headers });
  }
  try {
    return await requestMe({ signal });
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
