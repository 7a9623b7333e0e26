import { z } from 'zod';

/*
 * Input text. PostgreSQL text and jsonb cannot hold U+0000, so a NUL that reached the database
 * would be a 500; every string a caller sends is built from these blocks and refused with 400
 * instead (input-hygiene.test.ts walks every endpoint's input and fails on a bare z.string()).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const noNulCharacters = z.regex(/^[^\u0000]*$/, 'Must not contain NUL characters');
/** Names, symbols, keys: one line, no control characters at all. */
export const noControlCharacters = z.regex(
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /^[^\u0000-\u001f\u007f]*$/,
  'Must not contain control characters',
);

type StringParams = Parameters<typeof z.string>[0];

/** Free text a caller sends (messages, comments): anything but NUL. */
export const text = (params?: StringParams) => z.string(params).check(noNulCharacters);
/** A one-line value a caller sends (names, ids, search terms): no control characters. */
export const singleLineText = (params?: StringParams) => z.string(params).check(noControlCharacters);

/**
 * True when any string or key in a JSON-like value holds U+0000. Iterative: a caller's body may be
 * nested thousands deep, and a recursive walk would overflow the stack.
 */
export const containsNul = (value: unknown): boolean => {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (Array.isArray(next)) {
      pending.push(...(next as unknown[]));
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
};
/** True when a JSON-like value nests deeper than `max` arrays/objects (iterative, as above). */
export const nestedDeeperThan = (value: unknown, max: number): boolean => {
  const pending: [unknown, number][] = [[value, 0]];
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (!next || typeof next !== 'object') continue;
    if (depth >= max) return true;
    for (const inner of Object.values(next)) pending.push([inner, depth + 1]);
  }
  return false;
};
export const MAX_JSON_DEPTH = 32;

/** The same rule for free-form JSON a caller sends (stored as jsonb): no NUL in any key or string. */
export const noNulInJson = z.refine(
  (value: unknown) => !containsNul(value),
  'Must not contain NUL characters',
);
/** A free-form JSON object from a caller. */
export const jsonObject = (params?: { error?: string }) =>
  z
    .record(z.string(), z.unknown(), params)
    .check(noNulInJson)
    .refine(
      (value) => !nestedDeeperThan(value, MAX_JSON_DEPTH),
      `Must not nest deeper than ${MAX_JSON_DEPTH} levels`,
    );

/** Every failed call answers with this body and a 4xx/5xx status. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

/** The body of a call that takes none: absent (Fastify gives null), or `{}`; anything else is a mistake (400). */
export const noBodySchema = z.strictObject({}).nullish();
export type OkResponse = z.infer<typeof okResponseSchema>;

export const timeRangeSchema = z.enum(['7d', '30d', '90d', 'all']);
export type TimeRange = z.infer<typeof timeRangeSchema>;

/** Pair symbol as shown to users, e.g. BTC/USD. */
export const pairSymbolSchema = z
  .string()
  .check(noControlCharacters)
  .regex(/^[A-Z0-9]{1,10}\/[A-Z0-9]{1,10}$/, 'Invalid symbol format (e.g., BTC/USD)');

/** Query-string integers arrive as text. */
export const queryInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
export const queryNumber = (min: number, max: number) => z.coerce.number().min(min).max(max);

/** Comma list in a query string, e.g. `riskLevel=low,medium`, validated item by item. */
export const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  singleLineText()
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

/** An endpoint descriptor: one per call, shared by server routes and the web client. */
export interface Endpoint<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType = z.ZodType,
  P extends z.ZodType | undefined = undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify-style path with the `/api` prefix; `:name` segments are described by `params`. */
  path: string;
  params?: P;
  query?: Q;
  body?: B;
  /** JSON body; for a `text/event-stream` it is the `data` of each message. */
  response: R;
  /**
   * Who may call: `public` (no token), `optional` (token used when sent), `user`, `admin`, or
   * `signature` (no session; an HMAC signature by a key an admin created). Unset = `user`.
   */
  auth?: EndpointAuth;
  /**
   * What a personal API key (`Authorization: Bearer hs_…`) needs to call this `user`/`optional`
   * endpoint: see `apiKeyScopeOf`. Only the calls a bot trades with are marked `trade`.
   */
  apiKey?: ApiKeyAccess;
  /** Content type when the reply is not JSON: `text/event-stream`, `text/csv`, `application/pdf`. */
  produces?: string;
}
export type EndpointAuth = 'public' | 'optional' | 'user' | 'admin' | 'signature';

/** The scopes a personal API key can carry; `trade` includes `read`. */
export const apiKeyScopes = ['read', 'trade'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];
/** `none`: only a signed-in session may call it (account, security and money-out calls). */
export type ApiKeyAccess = ApiKeyScope | 'none';

/**
 * The scope a personal API key needs for an endpoint, or `none` when no key may call it: admin
 * calls never; a GET needs `read` unless marked otherwise; any other method needs what its
 * descriptor's `apiKey` says, and without one no key may call it (fail closed).
 */
export function apiKeyScopeOf(endpoint: Pick<AnyEndpoint, 'method' | 'auth' | 'apiKey'>): ApiKeyAccess {
  const auth = endpoint.auth ?? 'user';
  if (auth !== 'user' && auth !== 'optional') return 'none';
  return endpoint.apiKey ?? (endpoint.method === 'GET' ? 'read' : 'none');
}

export type AnyEndpoint = Endpoint<
  z.ZodType | undefined,
  z.ZodType | undefined,
  z.ZodType,
  z.ZodType | undefined
>;

/** The endpoint descriptors among a module's exports (e.g. the whole contract's index). */
export function endpointsIn(exports: Record<string, unknown>): AnyEndpoint[] {
  return Object.values(exports).filter(
    (value): value is AnyEndpoint =>
      typeof value === 'object' &&
      value !== null &&
      'method' in value &&
      'path' in value &&
      'response' in value,
  );
}

/** Fills `:name` segments of an endpoint path, URL-encoding each value. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Instants travel as ISO 8601 text (`Date.prototype.toISOString()`), never as Date objects. */
export const isoDateTimeSchema = z.iso.datetime({ offset: true });

/** Dollars with 2 decimals at the API edge; the ledger itself holds integer cents. */
export const dollarsSchema = z.number();

export const idSchema = singleLineText().min(1);
export const idParamsSchema = z.object({ id: idSchema });
export type IdParams = z.infer<typeof idParamsSchema>;

export const totalSchema = z.number().int().min(0);

const isBlank = (input: unknown) =>
  input === undefined || input === null || input === '' || (typeof input === 'number' && Number.isNaN(input));

/**
 * A number field that reports `requiredMessage` when missing, empty or NaN (an empty
 * `<input type="number">` read with `valueAsNumber`), else 'Must be a number'.
 */
export const requiredNumber = (requiredMessage: string) =>
  z.number({ error: (issue) => (isBlank(issue.input) ? requiredMessage : 'Must be a number') });

/** A dollar amount in a request: required, at least `min`, whole cents. */
export const dollarAmountInput = (min: number, minMessage: string) =>
  requiredNumber('Amount is required')
    .min(min, minMessage)
    .refine(
      (v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
      'Amount must have at most 2 decimal places',
    );

/** Free-text search in a query string; blank means no search. */
export const searchQuery = singleLineText().trim().max(100).optional();

/** `offset` / `limit` paging of trader lists. */
export const offsetLimitQuery = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    offset: queryInt(0, 1_000_000).default(0),
    limit: queryInt(1, maxLimit).default(defaultLimit),
  });

/** `page` (from 1) and `pageSize` limited to the sizes a screen offers. */
export const pageQuery = (sizes: readonly number[], defaultSize: number) =>
  z.object({
    page: queryInt(1, 1_000_000).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .refine((v) => sizes.includes(v), `Page size must be one of ${sizes.join(', ')}`)
      .default(defaultSize),
  });

export const sortDirectionSchema = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof sortDirectionSchema>;

/**
 * Sort as `key_direction` (e.g. `symbol_asc`, `deactivation_attempts_desc`), parsed into
 * `{ key, direction }`. Only the listed keys are accepted.
 */
export const sortQuery = <const K extends string>(keys: readonly K[]) => {
  const values = keys.flatMap((k) => [`${k}_asc`, `${k}_desc`]) as [`${K}_${SortDirection}`];
  return z.enum(values).transform((value) => {
    const cut = value.lastIndexOf('_');
    return { key: value.slice(0, cut) as K, direction: value.slice(cut + 1) as SortDirection };
  });
};
