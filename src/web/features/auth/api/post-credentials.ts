import { ApiError } from '../../../lib/api-client';

/**
 * better-auth answers a successful sign-in/up with the bearer token in the `set-auth-token`
 * header (and `token` in the body). Failures carry `{ error }`. `fetch` is used directly because
 * `apiRequest` does not expose response headers.
 */
export async function postCredentials(path: string, body: object, fallbackError: string): Promise<string> {
  const response = await fetch(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await readJson(response);
  if (!response.ok) {
    const message = typeof data?.error === 'string' && data.error ? data.error : fallbackError;
    throw new ApiError(message, response.status);
  }
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
