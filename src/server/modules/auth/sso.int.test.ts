/**
 * Issue #18's single sign-on through HTTP against a loopback OpenID Connect provider
 * (oauth2-mock-server): discovery, PKCE, a signed ID token with its nonce, and the hand-over of
 * the provider's session cookie to the app's bearer token. An existing account is joined only
 * by an address both sides have verified.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_SSO_SESSION } from '../../../contract/sso';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';
import { startFakeOidcProvider, type FakeOidcProvider } from './testing/fake-oidc-provider';
import { cookiesOf } from './testing/two-factor';

const PUBLIC_URL = 'http://localhost:3000';

let idp: FakeOidcProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startFakeOidcProvider({
    sub: 'none',
    email: 'none@example.com',
    email_verified: false,
    name: '',
  });
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: 'heatsignal',
      OIDC_CLIENT_SECRET: 'client-secret',
      OIDC_NAME: 'Mock IdP',
    },
  });
});
afterAll(async () => {
  await t.close();
  await idp.stop();
});

/**
 * The browser's trip: start at the app, follow the provider's redirect back to the callback, and
 * trade the session cookie for a token. Returns where the callback sent the browser, and the token.
 */
async function signInThroughProvider(): Promise<{ landedAt: URL; token: string | null }> {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    payload: {
      provider: 'oidc',
      callbackURL: '/sso-callback',
      errorCallbackURL: '/auth',
      disableRedirect: true,
    },
  });
  expect(start.statusCode, start.body).toBe(200);
  const stateCookies = cookiesOf(start);
  const authorize = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' });
  const back = new URL(authorize.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/auth/callback/oidc`);
  const callback = await t.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { cookie: stateCookies },
  });
  expect(callback.statusCode, callback.body).toBe(302);
  const landedAt = new URL(String(callback.headers.location), PUBLIC_URL);
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/sso-session',
    headers: { cookie: cookiesOf(callback), origin: PUBLIC_URL },
  });
  return { landedAt, token: session.statusCode === 200 ? session.json<{ token: string }>().token : null };
}

const meOf = async (token: string) =>
  (await t.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${token}` } })).json<{
    id: string;
    email: string;
    emailVerified: boolean;
  }>();

describe('single sign-on with an OpenID Connect provider', () => {
  it('is offered on the sign-in page by its name', async () => {
    const options = await t.app.inject({ url: '/api/sign-in-options' });
    expect(options.json()).toEqual({ sso: { name: 'Mock IdP' } });
  });

  it('signs a new person up with the verified address the provider vouches for', async () => {
    idp.signsIn({ sub: 'idp-user-1', email: 'nora.new@example.com', email_verified: true, name: 'Nora New' });
    const { landedAt, token } = await signInThroughProvider();
    expect(landedAt.pathname).toBe('/sso-callback');
    expect(token).not.toBeNull();
    expect(await meOf(token!)).toMatchObject({ email: 'nora.new@example.com', emailVerified: true });
    // The same person again: the same account.
    const again = await signInThroughProvider();
    expect((await meOf(again.token!)).id).toBe((await meOf(token!)).id);
  });

  it('joins an existing account only when both sides have verified the address', async () => {
    const existing = await signUp(t.app, 'Pat Password');
    idp.signsIn({ sub: 'idp-user-2', email: existing.email, email_verified: true, name: 'Pat' });
    // This server has not verified the address yet: no join, no session.
    const refused = await signInThroughProvider();
    expect(refused.landedAt.pathname).toBe('/auth');
    expect(refused.landedAt.searchParams.get('error')).toBe('account_not_linked');
    expect(refused.token).toBeNull();

    await t.db.execute(sql`update "user" set email_verified = true where id = ${existing.id}`);
    const joined = await signInThroughProvider();
    expect((await meOf(joined.token!)).id).toBe(existing.id);

    // The provider not vouching for an address is refused even when this server has verified it.
    const other = await signUp(t.app, 'Una Unvouched');
    await t.db.execute(sql`update "user" set email_verified = true where id = ${other.id}`);
    idp.signsIn({ sub: 'idp-user-3', email: other.email, email_verified: false, name: 'Una' });
    expect((await signInThroughProvider()).token).toBeNull();
  });

  it('hands over a session only to its own page, and only once', async () => {
    const cross = await t.app.inject({
      method: 'POST',
      url: '/api/sso-session',
      headers: { origin: 'https://evil.example' },
    });
    expect(cross.statusCode).toBe(403);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/sso-session',
      headers: { origin: PUBLIC_URL },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: NO_SSO_SESSION });
  });
});

describe('without OIDC_ISSUER', () => {
  it('offers no single sign-on', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/api/sign-in-options' })).json()).toEqual({ sso: null });
    } finally {
      await plain.close();
    }
  });
});
