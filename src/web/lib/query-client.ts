import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isUnauthorized, meQueryKey } from './auth/me-query';

/**
 * One retry by default. A 401 on any data load re-checks the session: if `/api/me` answers 401
 * too, AuthProvider forgets the token and the guarded layouts send the user to /auth.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: 1 } },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!isUnauthorized(error) || query.queryKey[0] === meQueryKey[0]) return;
        void client.invalidateQueries({ queryKey: meQueryKey });
      },
    }),
  });
  return client;
}
