import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../shared/repo-root';
import { createTestApp, type TestApp } from '../testing/test-app';

/** docs/modules.md's route table, row by row: `METHOD[, METHOD] url` (or `any url`) → who, file. */
function documentedRoutes() {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs/modules.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| `([A-Za-z, ]+) (\/[^`]*)` +\| (\w+) +\| `([^`]+)` +\|$/gm)];
  return rows.map(([, methods, url, auth, file]) => ({
    methods: methods!.split(', '),
    url: url!,
    auth: auth!,
    file: file!,
  }));
}

/** docs/modules.md is where a newcomer finds a route's file: it must name every route the app has. */
describe('the route map in docs/modules.md', () => {
  let t: TestApp;
  // The API's routes only: a built web app (dist/web, built beside the unit tests by `npm test`)
  // would add one route per file.
  const noWebBuild = mkdtempSync(path.join(tmpdir(), 'heatsignal-no-web-'));
  beforeAll(async () => {
    t = await createTestApp({ webDir: noWebBuild });
  });
  afterAll(async () => {
    await t.close();
    rmSync(noWebBuild, { recursive: true, force: true });
  });

  it('lists every route with who may call it and a file that registers it', () => {
    const documented = documentedRoutes();
    expect(documented.length).toBeGreaterThan(50);
    const served = t.app.routeTable.filter((route) => !route.url.startsWith('/assets/'));
    for (const route of served) {
      const row = documented.find(
        (r) => r.url === route.url && (r.methods.includes(route.method) || r.methods.includes('any')),
      );
      expect(row, `${route.method} ${route.url}`).toBeDefined();
      expect(row!.auth, `${route.method} ${route.url}`).toBe(route.auth);
      const file = path.join(REPO_ROOT, 'src/server', row!.file);
      expect(existsSync(file), row!.file).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(/withTypeProvider|app\.(get|all|route)\(/);
    }
    // And nothing documented that the app does not serve.
    for (const row of documented) {
      expect(
        served.some((route) => route.url === row.url),
        row.url,
      ).toBe(true);
    }
  });
});
