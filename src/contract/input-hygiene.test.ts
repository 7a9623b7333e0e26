import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index';
import { endpointsIn, noControlCharacters, noNulCharacters, noNulInJson } from './common';

const endpoints = endpointsIn(contract);

/** Inputs that are not endpoint fields: the sign-up/sign-in bodies our auth wrapper checks, headers. */
const otherInputs: Record<string, z.ZodType> = {
  signUpInputSchema: contract.signUpInputSchema,
  signInInputSchema: contract.signInInputSchema,
  idempotencyHeadersSchema: contract.idempotencyHeadersSchema,
};

interface Def {
  type: string;
  checks?: unknown[];
  [key: string]: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/**
 * Paths of every place in an input schema where a caller's text could reach the database
 * unchecked: a string without the NUL (or control-character) check, or free-form JSON without the
 * deep NUL check.
 */
function uncheckedText(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const has = (check: unknown) => def.checks?.includes(check) ?? false;
  const walk = (inner: unknown, sub: string) => uncheckedText(inner, sub, seen);
  switch (def.type) {
    case 'string':
      return has(noNulCharacters) || has(noControlCharacters) ? [] : [path];
    case 'record':
    case 'unknown':
    case 'any':
      if (has(noNulInJson)) return [];
      return def.type === 'record' ? [path] : [path];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, inner]) =>
        walk(inner, `${path}.${key}`),
      );
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'tuple':
      return (def.items as unknown[]).flatMap((item, i) => walk(item, `${path}[${i}]`));
    case 'union':
      return (def.options as unknown[]).flatMap((option, i) => walk(option, `${path}|${i}`));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'pipe':
      return [...walk(def.in, path), ...walk(def.out, path)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, path);
    case 'lazy':
      return walk((def.getter as () => unknown)(), path);
    default:
      // number, boolean, enum, literal, date, transform, ...: nothing a NUL can hide in.
      return [];
  }
}

describe('input hygiene: text PostgreSQL cannot store is refused by the contract', () => {
  it('finds the endpoints to check', () => {
    expect(endpoints.length).toBeGreaterThan(30);
  });

  it('every string a caller sends (params, query, body, headers) refuses NUL characters', () => {
    const offenders = [
      ...endpoints.flatMap((e) =>
        (['params', 'query', 'body'] as const).flatMap((part) =>
          e[part] ? uncheckedText(e[part], `${e.method} ${e.path} ${part}`) : [],
        ),
      ),
      ...Object.entries(otherInputs).flatMap(([name, schema]) => uncheckedText(schema, name)),
    ];
    expect(offenders).toEqual([]);
  });

  it('the walker catches a bare string, a nested one and unchecked JSON (it can fail)', () => {
    const bad = z.object({
      a: z.string(),
      b: z.array(z.object({ c: z.string().optional() })),
      d: z.record(z.string(), z.unknown()),
      ok: contract.text(),
      json: contract.jsonObject(),
    });
    expect(uncheckedText(bad, 'x')).toEqual(['x.a', 'x.b[].c', 'x.d']);
  });

  it('refuses NUL with a 400-style issue, and control characters in one-line fields', () => {
    expect(
      contract.contactInputSchema.safeParse({ name: 'A\u0000', email: 'a@b.co', message: 'hello there' })
        .success,
    ).toBe(false);
    expect(contract.text().safeParse('line one\nline two').success).toBe(true);
    expect(contract.singleLineText().safeParse('one\ttwo').success).toBe(false);
    expect(contract.jsonObject().safeParse({ deep: [{ 'k\u0000': 1 }] }).success).toBe(false);
    expect(contract.jsonObject().safeParse({ deep: [{ k: 'fine' }] }).success).toBe(true);
  });
});
