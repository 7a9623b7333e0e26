import { randomBytes } from 'node:crypto';

/*
 * A client of a server running in another process (or listening for real), as a browser script
 * would be: JSON over HTTP with the bearer token the sign-up hands back.
 */

export const jsonPost = (base: string, url: string, body: unknown, token?: string) =>
  fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: base,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** Signs a new account up through the public endpoint; its bearer token and id. */
export async function signUp(base: string, name: string): Promise<{ token: string; id: string }> {
  const res = await jsonPost(base, '/api/auth/sign-up/email', {
    name,
    email: `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`,
    password: 'correct-horse-battery',
  });
  const token = res.headers.get('set-auth-token');
  if (res.status !== 200 || !token) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { token, id: ((await res.json()) as { user: { id: string } }).user.id };
}
