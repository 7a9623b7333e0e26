/**
 * The architecture rules of eslint.config.js (serverBoundaries) on fixture files under
 * scripts/eslint/fixtures (ignored by the normal lint run): each broken fixture fails with the
 * expected rule, the clean modules pass.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverBoundaries } from '../../eslint.config.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../scripts/eslint/fixtures');
const MODULES = 'src/server/modules';

let results: Map<string, ESLint.LintResult>;

beforeAll(async () => {
  const eslint = new ESLint({
    cwd: FIXTURES,
    overrideConfigFile: true,
    overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...serverBoundaries],
  });
  const linted = await eslint.lintFiles([`${MODULES}/**/*.ts`]);
  results = new Map(linted.map((r) => [path.relative(FIXTURES, r.filePath), r]));
}, 60_000);

function rulesOf(file: string): string[] {
  const result = results.get(`${MODULES}/${file}`);
  if (!result) throw new Error(`${file} was not linted`);
  return result.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('server architecture lint rules', () => {
  it('fails a service that imports the db schema', () => {
    expect(rulesOf('bad/schema-in.service.ts')).toEqual(['server/table-owner']);
  });

  it("fails a repo that imports another module's table", () => {
    expect(rulesOf('bad/foreign.repo.ts')).toEqual(['server/table-owner']);
  });

  it("fails a module that imports another module's repo", () => {
    expect(rulesOf('bad/reach-in.service.ts')).toEqual(['server/module-imports']);
  });

  it("fails a query outside the admin read side that imports another module's table", () => {
    expect(rulesOf('bad/foreign.query.ts')).toEqual(['server/table-owner']);
  });

  it("fails the admin read side reaching into another module's repo", () => {
    expect(rulesOf('admin/queries/reach-in.query.ts')).toEqual(['server/module-imports']);
  });

  it("passes the read sides joining any module's tables, and a module using its queries", () => {
    expect(rulesOf('admin/queries/offer-pairs.query.ts')).toEqual([]);
    expect(rulesOf('trading/queries/offer-facts.query.ts')).toEqual([]);
    expect(rulesOf('reports/reports.service.ts')).toEqual([]);
  });

  it('fails an import cycle, on both of its files', () => {
    expect(rulesOf('cycle/first.service.ts')).toEqual(['import-x/no-cycle']);
    expect(rulesOf('cycle/second.service.ts')).toEqual(['import-x/no-cycle']);
  });

  it("passes clean modules: own tables in the repo, another module's service, type-only imports", () => {
    expect(rulesOf('offers/offers.repo.ts')).toEqual([]);
    expect(rulesOf('offers/offers.service.ts')).toEqual([]);
    expect(rulesOf('pairs/pairs.service.ts')).toEqual([]);
  });
});
