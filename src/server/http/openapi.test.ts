import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../../contract';
import { apiKeyScopeOf, endpointsIn, type AnyEndpoint } from '../../contract/common';
import { REPO_ROOT } from '../shared/repo-root';
import { buildOpenApiDocument } from './openapi';
import { CONTRACT_FILES, heatSignalOpenApi, heatSignalOpenApiSource } from './openapi-document';

type Specification = Parameters<Validator['validate']>[0];
const { document, json } = heatSignalOpenApi();
const endpoints = endpointsIn(contract);

type Operation = {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  'x-api-key-scope'?: string;
};
const operationOf = (endpoint: Pick<AnyEndpoint, 'method' | 'path'>) =>
  document.paths[endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[endpoint.method.toLowerCase()] as
    Operation | undefined;
const find = (method: AnyEndpoint['method'], url: string) => {
  const endpoint = endpoints.find((e) => e.method === method && e.path === url);
  if (!endpoint) throw new Error(`${method} ${url} is not in the contract`);
  return { endpoint, operation: operationOf(endpoint)! };
};

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const validator = new Validator();
    // What GET /api/openapi.json sends, parsed.
    const result = await validator.validate(JSON.parse(json) as Specification);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
    // And it does refuse a broken one (a parameter that does not say where it goes).
    const broken = structuredClone(document) as unknown as { paths: Record<string, Record<string, object>> };
    broken.paths['/api/offers'] = { get: { parameters: [{ name: 'limit' }] } };
    expect((await new Validator().validate(broken as Specification)).valid).toBe(false);
  });

  it('has every endpoint of the contract, once, with its method, path and path parameters', () => {
    expect(endpoints.length).toBeGreaterThan(50);
    const operations = Object.values(document.paths).flatMap((byMethod) => Object.values(byMethod));
    expect(operations).toHaveLength(endpoints.length);
    const ids = operations.map((operation) => (operation as Operation).operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const endpoint of endpoints) {
      const operation = operationOf(endpoint);
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      const placeholders = [...endpoint.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
      const inPath = (operation!.parameters ?? []).filter((p) => p.in === 'path');
      expect(inPath.map((p) => [p.name, p.required])).toEqual(placeholders.map((name) => [name, true]));
    }
    expect(find('GET', '/api/offers').operation.operationId).toBe('listOffers');
  });

  it("describes who may call each operation as the routes enforce it: the endpoint's auth and API key scope", () => {
    for (const endpoint of endpoints) {
      const { security, 'x-api-key-scope': scope } = operationOf(endpoint)!;
      const key = apiKeyScopeOf(endpoint);
      const label = `${endpoint.method} ${endpoint.path}`;
      const keyRequirement = key === 'none' ? [] : [{ apiKey: [key] }];
      switch (endpoint.auth ?? 'user') {
        case 'public':
        case 'signature':
          expect(security, label).toEqual([]);
          break;
        case 'optional':
          expect(security, label).toEqual([{}, { session: [] }, ...keyRequirement]);
          expect(scope, label).toBe(key);
          break;
        case 'user':
          expect(security, label).toEqual([{ session: [] }, ...keyRequirement]);
          expect(scope, label).toBe(key);
          break;
        case 'admin':
          expect(security, label).toEqual([{ session: [] }]);
      }
    }
  });

  it('names the cases a trader meets: public, admin, read and trade keys, session only', () => {
    expect(find('POST', '/api/contact').operation.security).toEqual([]);
    expect(find('GET', '/api/openapi.json').operation.security).toEqual([]);
    expect(find('GET', '/api/admin/global-settings').operation.security).toEqual([{ session: [] }]);
    expect(find('POST', '/api/offers/:id/accept').operation.security).toEqual([
      { session: [] },
      { apiKey: ['trade'] },
    ]);
    expect(find('GET', '/api/offers').operation.security).toEqual([{ session: [] }, { apiKey: ['read'] }]);
    expect(find('GET', '/api/account/export').operation.security).toEqual([{ session: [] }]);
    const schemes = (document.components as { securitySchemes: Record<string, object> }).securitySchemes;
    expect(Object.keys(schemes)).toEqual(['session', 'apiKey']);
    expect(schemes).toMatchObject({
      session: { type: 'http', scheme: 'bearer' },
      apiKey: { type: 'http', scheme: 'bearer', bearerFormat: 'hs_…' },
    });
  });

  it('tags each operation with the contract file that declares it, and knows every contract file', () => {
    const index = readFileSync(path.join(REPO_ROOT, 'src/contract/index.ts'), 'utf8');
    const files = [...index.matchAll(/^export \* from '\.\/([\w-]+)';$/gm)].map((m) => m[1]!);
    const declaring = files.filter((file) => endpointsIn(CONTRACT_FILES[file] ?? {}).length > 0);
    for (const file of files) {
      const exportsEndpoints = readFileSync(path.join(REPO_ROOT, `src/contract/${file}.ts`), 'utf8').match(
        /^export const \w+Endpoint = \{/m,
      );
      if (exportsEndpoints)
        expect(declaring, `add src/contract/${file}.ts to CONTRACT_FILES`).toContain(file);
    }
    for (const endpoint of endpoints) expect(operationOf(endpoint)!.tags).not.toEqual(['other']);
    expect(find('GET', '/api/offers').operation.tags).toEqual(['offers']);
    expect(find('GET', '/api/admin/system-health').operation.tags).toEqual(['admin-system-health']);
  });

  it('is deterministic, and takes inputs from the input side of the schemas and answers from the output side', () => {
    expect(heatSignalOpenApi().json).toBe(json);
    const rebuilt = JSON.stringify(buildOpenApiDocument(heatSignalOpenApiSource()));
    expect(rebuilt === json, 'a second build differs').toBe(true);
    const probe = {
      probeEndpoint: {
        method: 'GET',
        path: '/api/probe/:id',
        params: z.object({ id: z.string() }),
        query: z.object({ limit: z.coerce.number().default(5), when: z.string() }),
        response: z.object({ at: z.string().transform((s) => s.length) }).transform((o) => o),
      },
    };
    const built = buildOpenApiDocument({ contract: probe, files: { probe }, version: '1' });
    const operation = built.paths['/api/probe/{id}']!.get as Operation & { responses: object };
    expect(operation.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'limit', in: 'query', required: false, schema: { type: 'number', default: 5 } },
      { name: 'when', in: 'query', required: true, schema: { type: 'string' } },
    ]);
    expect(operation.tags).toEqual(['probe']);
    expect(operation.security).toEqual([{ session: [] }, { apiKey: ['read'] }]);
  });
});
