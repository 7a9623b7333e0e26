import { z } from 'zod';

/** What the sign-in page offers besides the password: single sign-on, when the server has it. */
export const signInOptionsEndpoint = {
  method: 'GET',
  path: '/api/sign-in-options',
  auth: 'public',
  response: z.object({ sso: z.object({ name: z.string() }).nullable() }),
} as const;

/**
 * After single sign-on the provider's callback leaves the new session in a cookie; the page it
 * lands on trades that cookie for the session's bearer token (and the cookie is cleared).
 */
export const ssoSessionEndpoint = {
  method: 'POST',
  path: '/api/sso-session',
  auth: 'public',
  body: z.strictObject({}).nullish(),
  response: z.object({ token: z.string() }),
} as const;

export const NO_SSO_SESSION = 'Single sign-on did not complete: sign in again.';
