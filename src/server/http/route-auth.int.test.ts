import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAppWithUsers, type TestApp, type TestUser } from '../testing/test-app';
import { routeAuth } from './route-auth';

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
