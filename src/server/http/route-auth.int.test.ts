import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '../../contract';
import {
  API_KEY_NO_ADMIN,
  API_KEY_PUBLIC,
  API_KEY_READ_ONLY,
  API_KEY_SIGN_IN,
} from '../../contract/api-keys';
import { endpointsIn } from '../../contract/common';
import { grantPro } from '../modules/billing/testing/plans';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../testing/test-app';
import { routeApiKeyAccess, routeAuth } from './route-auth';

/** Authentication comes before input validation on every protected route. */
describe('route authentication', () => {
  let t: TestApp;
  let trader: TestUser;
  beforeAll(async () => {
    ({ t, trader } = await createTestAppWithUsers());
  });
  afterAll(async () => t.close());

  const concrete = (url: string) => url.replace(/\*/g, 'x').replace(/:[a-zA-Z]+/g, '%00');

  it('reads who may call a route from its config, then the contract, else fails closed', () => {
    expect(routeAuth('GET', '/api/offers/heat-map')).toBe('optional');
    expect(routeAuth('HEAD', '/api/offers/heat-map')).toBe('optional');
    expect(routeAuth('POST', '/api/contact')).toBe('public');
    expect(routeAuth('GET', '/api/signal-quality')).toBe('user');
    expect(routeAuth('GET', '/api/admin/system-health')).toBe('admin');
    expect(routeAuth('GET', '/api/not-in-the-contract')).toBe('user');
    // Under /api/admin, admins only, whether or not the contract describes the route.
    expect(routeAuth('GET', '/api/admin/not-in-the-contract')).toBe('admin');
    expect(routeAuth('GET', '/api/admin/*')).toBe('admin');
    expect(routeAuth('GET', '/api/not-in-the-contract', 'public')).toBe('public');
    expect(routeAuth('GET', '/assets/app.js')).toBe('public');
  });

  it('answers 401 to an anonymous caller of every protected route, whatever the input', async () => {
    const protectedRoutes = t.app.routeTable.filter((r) => r.auth === 'user' || r.auth === 'admin');
    expect(protectedRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/signal-quality', 'GET /api/me', 'GET /api/admin/global-settings']),
    );
    for (const route of protectedRoutes) {
      const res = await t.app.inject({
        method: route.method,
        url: `${concrete(route.url)}?timeRange=forever&limit=%00&search=%00`,
        headers: { 'content-type': 'application/json' },
        ...(route.method !== 'GET' && { payload: '{"broken": ' }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ error: 'Authentication required' });
    }
  });

  it('reads what a personal API key needs from the contract; nothing undescribed is open to keys', () => {
    expect(routeApiKeyAccess('GET', '/api/offers')).toBe('read');
    expect(routeApiKeyAccess('HEAD', '/api/offers')).toBe('read');
    expect(routeApiKeyAccess('GET', '/api/offers/heat-map')).toBe('read');
    expect(routeApiKeyAccess('POST', '/api/offers/:id/accept')).toBe('trade');
    expect(routeApiKeyAccess('POST', '/api/payments/withdrawal')).toBe('none');
    expect(routeApiKeyAccess('GET', '/api/account/api-keys')).toBe('none');
    expect(routeApiKeyAccess('GET', '/api/account/sessions')).toBe('none');
    expect(routeApiKeyAccess('GET', '/api/admin/global-settings')).toBe('none');
    expect(routeApiKeyAccess('GET', '/api/admin/not-in-the-contract')).toBe('none');
    expect(routeApiKeyAccess('GET', '/api/not-in-the-contract')).toBe('none');
    expect(routeApiKeyAccess('POST', '/api/auth/*', 'public')).toBe('none');
    expect(routeApiKeyAccess('POST', '/api/contact')).toBe('none');
  });

  it('refuses a key on every route its scope does not open, before reading the input', async () => {
    const streams = new Set(
      endpointsIn(contract as Record<string, unknown>)
        .filter((e) => e.produces === 'text/event-stream')
        .map((e) => `${e.method} ${e.path}`),
    );
    await grantPro(t.db, trader.id);
    const keyOf = async (scopes: string[]) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/account/api-keys',
          headers: trader.auth,
          payload: { name: scopes.join(' '), scopes },
        })
      ).json<{ key: string }>().key;
    const keys = { read: await keyOf(['read']), trade: await keyOf(['trade']) };
    const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api/'));
    expect(routes.filter((r) => r.apiKey === 'trade').map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['POST /api/offers/:id/accept', 'POST /api/offers/:id/reject']),
    );
    for (const [scope, key] of Object.entries(keys)) {
      for (const route of routes) {
        const where = `${scope} key: ${route.method} ${route.url}`;
        const allowed = route.apiKey === 'read' || (route.apiKey === 'trade' && scope === 'trade');
        // An open stream is left at once: only its status matters here.
        const stream = allowed && streams.has(`${route.method} ${route.url}`);
        const res = await t.app.inject({
          method: route.method,
          url: `${concrete(route.url)}?timeRange=forever&limit=%00&search=%00`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
          ...(route.method !== 'GET' && { payload: '{"broken": ' }),
          ...(stream && { payloadAsStream: true }),
        });
        if (stream) res.stream().destroy();
        if (allowed) {
          expect([401, 402, 403], where).not.toContain(res.statusCode);
          continue;
        }
        const error =
          route.auth === 'admin'
            ? API_KEY_NO_ADMIN
            : route.apiKey === 'trade'
              ? API_KEY_READ_ONLY
              : route.auth === 'public'
                ? API_KEY_PUBLIC
                : API_KEY_SIGN_IN;
        expect([res.statusCode, res.json()], where).toEqual([403, { error }]);
      }
    }
  });

  it('validates the input once the caller is known', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/signal-quality?timeRange=forever',
      headers: trader.auth,
    });
    expect(bad.statusCode).toBe(400);
    const admin = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/global-settings',
      headers: { ...trader.auth, 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(admin.statusCode).toBe(403);
  });
});
