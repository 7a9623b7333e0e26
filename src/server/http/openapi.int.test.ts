import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The API description and its interactive reference, served beside a built web app. */
describe('GET /api/openapi.json and the reference at /docs/api', () => {
  let t: TestApp;
  // A web build, so the SPA's index.html fallback is live and could shadow /docs/api.
  const webDir = mkdtempSync(path.join(tmpdir(), 'heatsignal-web-'));
  beforeAll(async () => {
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>SPA</title><div id="root"></div>');
    t = await createTestApp({ webDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers the OpenAPI 3.1 document as JSON to anyone, with an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const document = res.json<{ openapi: string; info: { title: string }; paths: Record<string, object> }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('HeatSignal API');
    expect(document.paths['/api/offers/{id}/accept']).toHaveProperty('post');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves Swagger UI at /docs/api, not the web app, pointed at /api/openapi.json', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/api' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain('<div id="root">');
    expect(page.body).toContain('<title>HeatSignal API reference</title>');
    expect(page.body).toContain('src="/docs/api/static/swagger-initializer.js"');
    // Under the app's own policy: scripts from this origin only, none inline.
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");

    const initializer = await t.app.inject({ method: 'GET', url: '/docs/api/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('"url":"/api/openapi.json"');
    expect(initializer.body).toContain('"persistAuthorization":true');

    const bundle = await t.app.inject({ method: 'GET', url: '/docs/api/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/javascript/);
    expect((await t.app.inject({ method: 'GET', url: '/docs/api/json' })).json()).toEqual(
      (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json(),
    );
  });

  it('still hands other non-API paths to the web app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });
});
