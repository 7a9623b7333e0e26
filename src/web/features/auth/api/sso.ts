import { useMutation, useQuery } from '@tanstack/react-query';
import { signInOptionsEndpoint, ssoSessionEndpoint } from '../../../../contract/sso';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

/** Whether the server offers single sign-on, and by which provider's name. */
export function useSignInOptions() {
  return useQuery({
    queryKey: ['auth', 'sign-in-options'],
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(signInOptionsEndpoint), {
        auth: false,
        signal,
        schema: signInOptionsEndpoint.response,
      }),
    staleTime: Infinity,
  });
}

/**
 * Leaves for the provider's sign-in page. The server's callback comes back to /sso-callback (or,
 * on failure, to /auth with `error`), keeping where the user was going.
 */
export function useStartSso() {
  return useMutation({
    mutationFn: async (returnPath: string) => {
      const { url } = (await apiRequest('/auth/sign-in/social', {
        method: 'POST',
        auth: false,
        body: {
          provider: 'oidc',
          callbackURL: `/sso-callback?${new URLSearchParams({ redirect: returnPath }).toString()}`,
          errorCallbackURL: '/auth',
          disableRedirect: true,
        },
        fallbackError: 'Single sign-on is unavailable',
      })) as { url: string };
      window.location.assign(url);
    },
  });
}

/**
 * The page the provider's callback lands on trades the session it left in a cookie for the
 * bearer token. The cookie is gone after the first trade, so the page makes it once.
 */
export function useTakeOverSsoSession() {
  return useMutation({
    mutationFn: () =>
      apiRequest(endpointPath(ssoSessionEndpoint), {
        method: 'POST',
        auth: false,
        schema: ssoSessionEndpoint.response,
      }),
  });
}
