import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startFakeOidcProvider,
  type FakeOidcProvider,
} from '../src/server/modules/auth/testing/fake-oidc-provider';
import { openBrowser, type BrowserSession } from './support/browser';
import { startDedicatedServer, type DedicatedServer } from './support/dedicated-server';
import { uniqueEmail } from './support/pages';

/**
 * Single sign-on in Chromium, against a loopback OpenID Connect provider (oauth2-mock-server)
 * that signs whoever comes in: the real redirects, PKCE, the signed ID token and the hand-over of
 * the session to the app's bearer token.
 */
describe('single sign-on in the browser', () => {
  let idp: FakeOidcProvider;
  let server: DedicatedServer;
  let browser: BrowserSession;
  const email = uniqueEmail('nora');

  beforeAll(async () => {
    idp = await startFakeOidcProvider({
      sub: 'nora-at-idp',
      email,
      email_verified: true,
      name: 'Nora North',
    });
    server = await startDedicatedServer(
      {
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: 'heatsignal',
        OIDC_CLIENT_SECRET: 'client-secret',
        OIDC_NAME: 'Mock IdP',
      },
      { template: inject('templateDataDir') },
    );
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await idp?.stop();
  });

  it('signs a new person in with the provider and lands where they were going', async () => {
    const { page } = browser;
    await page.goto(`${server.baseUrl}/offers`);
    await page.waitForURL(/\/auth\?redirect=%2Foffers$/);
    await page.getByRole('button', { name: 'Sign in with Mock IdP' }).click();
    await page.waitForURL(/\/offers$/);
    await page.getByRole('heading', { name: 'Crypto Offers Dashboard' }).waitFor();
    // The provider vouched for the address: no banner asks to verify it.
    expect(await page.getByRole('region', { name: 'Email verification' }).count()).toBe(0);
    const me = await page.evaluate<{ email: string; firstName: string }>(
      "fetch('/api/me', { headers: { authorization: 'Bearer ' + localStorage.getItem('heatsignal.token') } }).then((r) => r.json())",
    );
    expect(me).toMatchObject({ email, firstName: 'Nora' });
    // The hand-over left no session cookie behind: the token is the only credential.
    const cookies = await browser.context.cookies(server.baseUrl);
    expect(cookies.filter((c) => c.name.includes('session_token') && c.value !== '')).toEqual([]);
  });
});
