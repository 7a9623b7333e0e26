/**
 * Seeded generator of malformed requests for the fuzz test. It reads a route's contract schemas
 * (when it has them) for field names and the values that pass (enum members, literals), and mixes
 * them with hostile values so requests get past the first check as often as they fail it.
 */
import type { z } from 'zod';
import { seededRandom } from '../../shared/random';

export interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string;
  label: string;
}

interface Schemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'abc\u0000def',
  '\u0001\u0002\u001f\u007f',
  'line\r\nInjected: header',
  '\t\n',
  '\ud800',
  '💥🔥'.repeat(20),
  "' OR '1'='1' --",
  '"; DROP TABLE "user"; --',
  "Robert'); DELETE FROM offers;--",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '%00',
  '%',
  '\\u0000',
  'BTC/USD',
  'btc-usd',
  'BTC%2FUSD',
  'pm_card',
  'a'.repeat(5000),
  '-1',
  '0',
  '1e309',
  '9'.repeat(400),
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'x@y',
  'admin@example.com',
  '2026-13-45',
  '2026-01-01T00:00:00Z',
];
const HOSTILE_NUMBERS = [0, -1, 1, 0.5, -0.001, 1e308, -1e308, 2 ** 53 + 1, 1e-320, 1.2345678901234568e29];
const HOSTILE_OTHERS: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [1, 'a', null],
  { $gt: '' },
  { nested: { deep: ['\u0000'] } },
];
const RAW_BODIES: { label: string; payload: string; type: string }[] = [
  { label: 'malformed JSON', payload: '{"a": 1,', type: 'application/json' },
  {
    label: 'JSON with 1e999',
    payload: '{"amount": 1e999, "entryAmount": -1e999, "limit": 1e999}',
    type: 'application/json',
  },
  {
    label: 'JSON escape NUL',
    payload: '{"name":"a\\u0000b","text":"\\u0000","message":"\\u0000"}',
    type: 'application/json',
  },
  {
    label: 'proto pollution',
    payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}',
    type: 'application/json',
  },
  { label: 'JSON array', payload: '[1,2,3]', type: 'application/json' },
  { label: 'JSON scalar', payload: '"just a string"', type: 'application/json' },
  { label: 'JSON null', payload: 'null', type: 'application/json' },
  { label: 'empty JSON body', payload: '', type: 'application/json' },
  { label: 'deep nesting', payload: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' },
  { label: 'oversized', payload: JSON.stringify({ message: 'x'.repeat(100_000) }), type: 'application/json' },
  { label: 'form encoded', payload: 'a=1&b=%00', type: 'application/x-www-form-urlencoded' },
  { label: 'plain text', payload: 'hello', type: 'text/plain' },
  { label: 'bad charset', payload: '{"a":1}', type: 'application/json; charset=utf-7' },
];
const RAW_QUERIES = [
  '?limit=1&limit=2&offset=a&offset=b',
  '?a[b][c]=1&a[b]=2',
  '?%00=%00',
  '?search=%E0%A4%A',
  '?=&&&=',
  `?pairs=${'BTC/USD,'.repeat(300)}`,
  '?page=99999999999999999999999&pageSize=-0',
  '?timeRange=7d&timeRange=30d',
  '?sort=__proto___asc',
  '?channels=%00,worker_log',
];

/** Lone surrogates cannot be percent-encoded; send the invalid UTF-8 bytes they would be instead. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

let sampleCount = 0;
/** Valid values for common text fields, so a NUL in one field is not stopped by another's check. */
const SAMPLES: Record<string, () => unknown> = {
  email: () => `fuzz${++sampleCount}@example.com`,
  password: () => 'correct-horse-battery',
  name: () => 'Fuzz Tester',
  message: () => 'Hello there, this is a fuzz message.',
  text: () => 'A fine comment',
  symbol: () => 'BTC/USD',
  reason: () => 'Not allowed',
  aiModel: () => 'gpt-4o-mini',
  referralCode: () => 'ABCDEF12',
  paymentMethodId: () => 'pm_card',
};

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Field name → values that satisfy it on their own (enum members, literals, booleans). */
function fieldsOf(schema: unknown, out = new Map<string, unknown[]>()): Map<string, unknown[]> {
  if (!schema) return out;
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      for (const [key, inner] of Object.entries(def.shape as Record<string, unknown>)) {
        out.set(key, [...(out.get(key) ?? []), ...validValues(inner)]);
      }
      return out;
    case 'union':
      for (const option of def.options as unknown[]) fieldsOf(option, out);
      return out;
    case 'pipe':
      return fieldsOf(def.in, out);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return fieldsOf(def.innerType, out);
    default:
      return out;
  }
}

function validValues(schema: unknown, depth = 0): unknown[] {
  if (!schema || depth > 4) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>);
    case 'literal':
      return def.values as unknown[];
    case 'boolean':
      return [true, false];
    case 'number':
      return [1, 10, 50];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return validValues(def.innerType, depth + 1);
    case 'pipe':
      return validValues(def.in, depth + 1);
    default:
      return [];
  }
}

export function createFuzzer(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const hostile = (): unknown => {
    const roll = random();
    if (roll < 0.6) return pick(HOSTILE_STRINGS);
    if (roll < 0.85) return pick(HOSTILE_NUMBERS);
    return pick(HOSTILE_OTHERS);
  };
  /** A valid value for the field half the time when one is known, else a hostile one. */
  const valueFor = (valid: unknown[] | undefined) =>
    valid && valid.length > 0 && random() < 0.5 ? pick(valid) : hostile();
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

  function fillPath(url: string): string {
    return url.replace(/:[A-Za-z_]+/g, () => encode(asText(hostile())) || '%20').replace(/\*/g, 'x');
  }

  function query(schema: unknown): string {
    if (random() < 0.2) return pick(RAW_QUERIES);
    const fields = [...fieldsOf(schema)];
    const parts: string[] = [];
    for (const [key, valid] of fields) {
      if (random() < 0.6) parts.push(`${key}=${encode(asText(valueFor(valid)))}`);
    }
    if (random() < 0.3) parts.push(`${encode(asText(hostile()))}=${encode(asText(hostile()))}`);
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  }

  function body(schema: unknown): { payload: string; type: string; label: string } {
    if (random() < 0.35) {
      const raw = pick(RAW_BODIES);
      return { payload: raw.payload, type: raw.type, label: raw.label };
    }
    const object: Record<string, unknown> = {};
    for (const [key, valid] of fieldsOf(schema)) if (random() < 0.8) object[key] = valueFor(valid);
    if (random() < 0.3) object[asText(hostile()).slice(0, 40)] = hostile();
    return { payload: JSON.stringify(object), type: 'application/json', label: 'fuzzed fields' };
  }

  return {
    pick,
    /**
     * One request per field (path parameter, query parameter, body field) carrying a NUL, every
     * other body field given a valid value where one is known, so each field is sure to be tried.
     */
    nulSweep(route: { method: string; url: string; schemas: Schemas }): FuzzRequest[] {
      const path = route.url.replace(/:[A-Za-z_]+/g, 'a%00b').replace(/\*/g, 'x');
      const out: FuzzRequest[] = [{ url: path, headers: {}, label: 'NUL in path' }];
      const base = route.url.replace(/:[A-Za-z_]+/g, 'abc').replace(/\*/g, 'x');
      for (const key of fieldsOf(route.schemas.query).keys()) {
        out.push({ url: `${base}?${key}=a%00b`, headers: {}, label: `NUL in query ${key}` });
      }
      const fields = [...fieldsOf(route.schemas.body)];
      for (const [key] of fields) {
        const object: Record<string, unknown> = {};
        for (const [other, valid] of fields) {
          const sample = SAMPLES[other]?.() ?? (valid.length > 0 ? pick(valid) : undefined);
          if (sample !== undefined) object[other] = sample;
        }
        object[key] = 'a\u0000b';
        out.push({
          url: base,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(object),
          label: `NUL in body ${key}`,
        });
      }
      return route.method === 'GET' || route.method === 'DELETE'
        ? out.map(({ payload: _payload, headers: _headers, ...rest }) => ({ ...rest, headers: {} }))
        : out;
    },
    request(route: { method: string; url: string; schemas: Schemas }): FuzzRequest {
      const url = `${fillPath(route.url)}${query(route.schemas.query)}`;
      if (route.method === 'GET' || route.method === 'DELETE') {
        return { url, headers: {}, label: 'query' };
      }
      const made = body(route.schemas.body);
      return { url, headers: { 'content-type': made.type }, payload: made.payload, label: made.label };
    },
  };
}
