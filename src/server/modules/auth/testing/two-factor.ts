import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';
import type { TestUser } from '../../../testing/test-app';

/** The password `signUp` gives every test account. */
export const TEST_PASSWORD = 'correct-horse-battery';

/** The current code of an authenticator app holding `secret` (computed by otplib, not by us). */
export const codeFor = (secret: string) => generate({ secret });

const post = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, payload, headers });

/** The user with the bearer token a response handed out (`set-auth-token`). */
export function withToken(user: TestUser, response: LightMyRequestResponse): TestUser {
  const token = response.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error(`no token: ${response.statusCode} ${response.body}`);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}

export interface TwoFactorUser {
  /** Signed in with the session that turned two-factor on (the old token no longer works). */
  user: TestUser;
  /** The TOTP secret from the otpauth:// URI, as an authenticator app would read it from the QR code. */
  secret: string;
  backupCodes: string[];
}

/** Turns two-factor on as Settings does: password, then the first code from the app. */
export async function turnOnTwoFactor(app: FastifyInstance, user: TestUser): Promise<TwoFactorUser> {
  const enabled = await post(app, '/api/auth/two-factor/enable', { password: TEST_PASSWORD }, user.auth);
  if (enabled.statusCode !== 200) throw new Error(`enable failed: ${enabled.statusCode} ${enabled.body}`);
  const { totpURI, backupCodes } = enabled.json<{ totpURI: string; backupCodes: string[] }>();
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const verified = await post(
    app,
    '/api/auth/two-factor/verify-totp',
    { code: await codeFor(secret) },
    user.auth,
  );
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  return { user: withToken(user, verified), secret, backupCodes };
}

/** The `name=value` pairs a response set (cleared ones left out), as the next request's Cookie header. */
export function cookiesOf(response: { headers: { 'set-cookie'?: string | string[] } }): string {
  return [response.headers['set-cookie'] ?? []]
    .flat()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** Sign-in's first step: the password. With two-factor on, the answer holds the challenge cookie. */
export async function signInWithPassword(app: FastifyInstance, email: string) {
  const response = await post(app, '/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
  return { response, cookie: cookiesOf(response) };
}

/** Sign-in's second step: a TOTP code (or a backup code) with the challenge cookie. */
export function answerChallenge(
  app: FastifyInstance,
  cookie: string,
  factor: { code: string; backup?: boolean },
) {
  const url = factor.backup ? '/api/auth/two-factor/verify-backup-code' : '/api/auth/two-factor/verify-totp';
  return post(app, url, { code: factor.code }, { cookie, origin: 'http://localhost:3000' });
}
