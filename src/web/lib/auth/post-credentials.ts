import { ApiError, bearerAuthorization } from '../api-client';

/** A password sign-in of an account with two-factor on: the code is asked for next. */
export class SecondFactorNeeded extends Error {
  constructor() {
    super('A code from the authenticator app is needed');
    this.name = 'SecondFactorNeeded';
  }
}

/**
 * better-auth answers a successful sign-in/up with the bearer token in the `set-auth-token`
 * header (and `token` in the body). Failures carry `{ error }`. `fetch` is used directly because
 * `apiRequest` does not expose response headers. With two-factor on, a right password yields no
 * token but a challenge (kept in a cookie for the second step): SecondFactorNeeded is thrown.
 */
export async function postCredentials(
  path: string,
  body: object,
  fallbackError: string,
  options: { signedIn?: boolean } = {},
): Promise<string> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  // Calls that change the signed-in session (two-factor on or off) hand out its replacement.
  if (options.signedIn) headers.authorization = bearerAuthorization();
  const response = await fetch(`/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const data = await readJson(response);
  if (!response.ok) {
    const message = typeof data?.error === 'string' && data.error ? data.error : fallbackError;
    throw new ApiError(message, response.status);
  }
  if (data?.twoFactorRedirect === true) throw new SecondFactorNeeded();
  const token =
    response.headers.get('set-auth-token') ?? (typeof data?.token === 'string' ? data.token : null);
  if (!token) throw new ApiError(fallbackError, response.status);
  return token;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const data: unknown = await response.json();
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
