import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestAppWithUsers, type TestApp, type TestUser } from '../testing/test-app';

/**
 * Every route of the app, hit with the inputs that break careless servers: malformed JSON, wrong
 * types, oversized bodies and junk query strings, as anonymous, trader and admin. Each must answer
 * 4xx with `{ error }` (or a normal answer where the input is acceptable), never 5xx, and the
 * server must keep serving.
 */
describe('every route survives bad input', () => {
  let t: TestApp;
  let admin: TestUser;
  let trader: TestUser;

  beforeAll(async () => {
    ({ t, admin, trader } = await createTestAppWithUsers());
  });
  afterAll(async () => t.close());

  const concrete = (url: string) =>
    url
      .replace('/api/auth/*', '/api/auth/sign-in/email')
      .replace(/\*/g, 'x')
      .replace(/:[a-zA-Z]+/g, 'not-a-real-id');

  const badBodies: { label: string; payload: string; contentType: string }[] = [
    { label: 'malformed JSON', payload: '{"amount": 10,', contentType: 'application/json' },
    {
      label: 'wrong types',
      payload: JSON.stringify({ amount: 'ten', email: 5, name: [], entryAmount: {} }),
      contentType: 'application/json',
    },
    { label: 'a JSON array', payload: '[1,2,3]', contentType: 'application/json' },
    {
      label: 'an oversized body',
      payload: JSON.stringify({ message: 'x'.repeat(200_000) }),
      contentType: 'application/json',
    },
    { label: 'form encoding', payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  ];

  it('lists the API routes it is about to test', () => {
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThanOrEqual(4);
  });

  it('answers bad bodies and junk queries with 4xx { error } on every route, for every caller', async () => {
    const callers = [{}, trader.auth, admin.auth];
    const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api'));
    for (const route of apiRoutes) {
      for (const headers of callers) {
        const url = concrete(route.url);
        if (route.method !== 'GET') {
          for (const bad of badBodies) {
            const res = await t.app.inject({
              method: route.method,
              url,
              headers: { ...headers, 'content-type': bad.contentType },
              payload: bad.payload,
            });
            const where = `${route.method} ${url} with ${bad.label}`;
            expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, where).toBeLessThan(500);
            expect(typeof res.json<{ error: unknown }>().error, where).toBe('string');
          }
        }
        const junk = await t.app.inject({
          method: route.method,
          url: `${url}?limit=-5&offset=abc&timeRange=forever&page=0&pageSize=9999`,
          headers,
        });
        expect(junk.statusCode, `${route.method} ${url} with a junk query`).toBeLessThan(500);
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: trader.auth })).statusCode).toBe(
      200,
    );
  });

  it('answers unknown API paths with 404 { error }', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/definitely-not-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });
});

describe('malformed HTTP', () => {
  it('answers a request the HTTP parser refuses with 400 { error }', async () => {
    const { createConnection } = await import('node:net');
    const t = await createTestApp();
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = new URL(address);
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = createConnection({ port: Number(port), host: '127.0.0.1' });
        let text = '';
        socket.on('data', (chunk) => (text += chunk.toString()));
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
        socket.write('GET /api/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\rb\r\n\r\n');
      });
      expect(reply).toMatch(/^HTTP\/1\.1 400/);
      expect(reply).toContain('{"error":"Malformed HTTP request"}');
    } finally {
      await t.close();
    }
  });
});
