import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { ADMIN_PERMISSION as AdminPermission } from '../../../contract/account';
import { clearAuthToken, getAuthToken, setAuthToken, subscribeAuthToken } from '../auth-token';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';
import { fetchMe, meQueryKey, meQueryOptions } from './me-query';

/** The contract's value, typed against it: a value import would pull the contract (and zod) into every page. */
const ADMIN_PERMISSION: typeof AdminPermission = 'org:admin';

/**
 * Holds the session: the bearer token (localStorage, the source of truth) and `/api/me`.
 * Must sit inside the router (signOut navigates) and inside QueryClientProvider.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const token = useSyncExternalStore(subscribeAuthToken, getAuthToken);
  const me = useQuery({ ...meQueryOptions(), enabled: token !== null });

  const signIn = useCallback(
    async (nextToken: string) => {
      // A new session never sees the previous one's cached data.
      queryClient.clear();
      // Load the user before storing the token, so screens go straight from signed out to signed in
      // (a stored token without a user would show 'Loading...' and unmount the form).
      await queryClient.fetchQuery({
        ...meQueryOptions(),
        queryFn: ({ signal }) => fetchMe(signal, nextToken),
      });
      setAuthToken(nextToken);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    const current = getAuthToken();
    // Leave guarded screens first so they do not bounce to /auth on the way out.
    await navigate('/', { flushSync: true });
    clearAuthToken();
    queryClient.clear();
    if (!current) return;
    try {
      await fetch('/api/auth/sign-out', {
        method: 'POST',
        headers: { authorization: `Bearer ${current}`, 'content-type': 'application/json' },
        body: '{}',
      });
    } catch {
      // The token is already forgotten locally; revocation is best effort.
    }
  }, [navigate, queryClient]);

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  const user = token ? (me.data ?? null) : null;
  const status: AuthStatus = !token ? 'signedOut' : user ? 'signedIn' : me.isError ? 'signedOut' : 'loading';
  const isAdmin = user?.publicMetadata.permissions.includes(ADMIN_PERMISSION) ?? false;

  const value = useMemo<AuthContextValue>(
    () => ({ status, user, isAdmin, signIn, signOut, refresh }),
    [status, user, isAdmin, signIn, signOut, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
