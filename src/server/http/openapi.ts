/**
 * The OpenAPI 3.1 document of the HTTP API, generated from the contract: one operation per endpoint
 * descriptor, what a caller sends as JSON Schema of zod's input side and what the server answers as
 * its output side, and who may call it as security requirements (the same `auth` and `apiKey` the
 * routes enforce). Pure and deterministic: the same contract gives the same document, so it can be
 * built once and compared in tests. Only the contract's calls are described; sign-in lives under
 * /api/auth (better-auth) and is named in the introduction.
 */
import { z } from 'zod';
import {
  apiKeyScopeOf,
  endpointsIn,
  errorResponseSchema,
  type AnyEndpoint,
  type ApiKeyAccess,
  type EndpointAuth,
} from '../../contract/common';

type JsonObject = Record<string, unknown>;
type SecurityRequirement = Record<string, string[]>;

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string; description: string }[];
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonObject>>;
  components: JsonObject;
}

export interface OpenApiSource {
  /** The whole contract (its index): every endpoint descriptor in it becomes an operation. */
  contract: Record<string, unknown>;
  /** Contract files by name, each file's exports: an endpoint's tag is the file it is declared in. */
  files: Record<string, Record<string, unknown>>;
  version: string;
  /** What authenticates a `signature` call, by endpoint (how it is signed, which headers). */
  signatures?: ReadonlyMap<AnyEndpoint, SignatureNote>;
}

export interface SignatureNote {
  description: string;
  /** Request headers the signature travels in, name → meaning. */
  headers?: Record<string, string>;
}

const METHOD_ORDER = ['get', 'put', 'post', 'patch', 'delete'];
/** Server-sent events: the response schema describes the data of one event. */
const EVENT_STREAM = 'text/event-stream';
const ERROR = { $ref: '#/components/responses/Error' };
const UNTAGGED = 'other';

export function buildOpenApiDocument(source: OpenApiSource): OpenApiDocument {
  const tagOf = new Map<unknown, string>();
  for (const [file, exports] of Object.entries(source.files))
    for (const endpoint of endpointsIn(exports)) if (!tagOf.has(endpoint)) tagOf.set(endpoint, file);

  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  for (const [name, value] of Object.entries(source.contract)) {
    const [endpoint] = endpointsIn({ [name]: value });
    if (!endpoint) continue;
    const tag = tagOf.get(endpoint) ?? UNTAGGED;
    tags.add(tag);
    const path = endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const note = source.signatures?.get(endpoint);
    (paths[path] ??= {})[endpoint.method.toLowerCase()] = operationOf({ name, endpoint, tag, note });
  }

  return {
    openapi: '3.1.0',
    info: { title: 'HeatSignal API', version: source.version, description: INTRODUCTION },
    servers: [{ url: '/', description: 'This HeatSignal server' }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths: Object.fromEntries(
      Object.keys(paths)
        .sort()
        .map((path) => [path, sortedMethods(paths[path]!)]),
    ),
    components: {
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The session token from sign-in: `POST /api/auth/sign-in/email` answers it in the `set-auth-token` header.',
        },
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'hs_…',
          description:
            'A personal API key (`hs_…`) with the scope `read` or `trade` (`trade` includes `read`). ' +
            'Free plan: read keys, 60 requests a minute; Pro: trade keys, 600 a minute.',
        },
      },
      schemas: { Error: jsonSchema(errorResponseSchema, 'output') },
      responses: {
        Error: {
          description:
            'Refused: the input, the caller or the state did not allow the call; `error` says why.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}

const INTRODUCTION = [
  "Generated from the contract the server validates every call with. 'Try it out' calls this server.",
  '',
  'Send `Authorization: Bearer <token>` with either token:',
  '',
  '- **session**: sign in with `POST /api/auth/sign-in/email` (JSON `email` and `password`) and read the',
  '  `set-auth-token` response header. Sign-up, sign-in and sign-out live under `/api/auth/*`, outside',
  '  this description.',
  '- **apiKey**: a personal API key (`hs_…`) with the `read` or `trade` scope. Each operation names the',
  '  scope it needs; account, security and money-out calls and the back office take no key.',
  '',
  'A refused call answers a 4xx status with `{ "error": "…" }`.',
].join('\n');

function operationOf(input: { name: string; endpoint: AnyEndpoint; tag: string; note?: SignatureNote }) {
  const { name, endpoint, tag, note } = input;
  const auth = endpoint.auth ?? 'user';
  const scope = apiKeyScopeOf(endpoint);
  const operationId = name.replace(/Endpoint$/, '');
  const parameters = [
    ...parametersOf(endpoint.params, 'path'),
    ...parametersOf(endpoint.query, 'query'),
    ...Object.entries(note?.headers ?? {}).map(([header, description]) => ({
      name: header,
      in: 'header',
      required: true,
      description,
      schema: { type: 'string' },
    })),
  ];
  const hasInput = parameters.length > 0 || endpoint.body !== undefined;
  return {
    operationId,
    summary: sentenceOf(operationId),
    description: accessOf(auth, scope, note),
    tags: [tag],
    ...(parameters.length > 0 && { parameters }),
    ...(endpoint.body && {
      requestBody: {
        required: !endpoint.body.safeParse(undefined).success,
        content: { 'application/json': { schema: jsonSchema(endpoint.body, 'input') } },
      },
    }),
    responses: {
      '200': { description: 'OK', content: contentOf(endpoint) },
      ...(hasInput && { '400': ERROR }),
      ...((auth === 'user' || auth === 'admin' || auth === 'signature') && { '401': ERROR }),
      ...((auth === 'admin' || scope !== 'none') && { '403': ERROR }),
      '4XX': ERROR,
    },
    security: securityOf(auth, scope),
    ...((auth === 'user' || auth === 'optional') && { 'x-api-key-scope': scope }),
  };
}

/** OpenAPI 3.1 lets a non-OAuth requirement list roles: the apiKey requirement names its scope. */
function securityOf(auth: EndpointAuth, scope: ApiKeyAccess): SecurityRequirement[] {
  const key = scope === 'none' ? [] : [{ apiKey: [scope] }];
  switch (auth) {
    case 'public':
    case 'signature':
      return [];
    case 'optional':
      return [{}, { session: [] }, ...key];
    case 'user':
      return [{ session: [] }, ...key];
    case 'admin':
      return [{ session: [] }];
    default:
      return auth satisfies never;
  }
}

function accessOf(auth: EndpointAuth, scope: ApiKeyAccess, note?: SignatureNote) {
  const key =
    scope === 'none'
      ? 'Personal API keys are refused.'
      : `A personal API key with the \`${scope}\` scope is accepted too${scope === 'read' ? ' (`trade` includes `read`)' : ''}.`;
  switch (auth) {
    case 'public':
      return 'Public: no token needed.';
    case 'optional':
      return `No token needed; with one, the answer is the signed-in trader's. ${key}`;
    case 'user':
      return `Needs a signed-in session token. ${key}`;
    case 'admin':
      return 'Admins only: the session token of an admin account; personal API keys are refused.';
    case 'signature':
      return `No session and no API key: ${note?.description ?? 'the request carries a signature over its raw body.'}`;
    default:
      return auth satisfies never;
  }
}

/** One parameter per property of an object schema (path parameters are always required). */
function parametersOf(schema: z.ZodType | undefined, location: 'path' | 'query') {
  if (!schema) return [];
  const json = jsonSchema(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

function contentOf(endpoint: AnyEndpoint) {
  const type = endpoint.produces ?? 'application/json';
  const schema = jsonSchema(endpoint.response, 'output');
  if (type === EVENT_STREAM) return { [type]: { schema: { type: 'string' }, 'x-event-data-schema': schema } };
  if (type !== 'application/json' && schema.type === undefined)
    return { [type]: { schema: { type: 'string', format: 'binary' } } };
  return { [type]: { schema } };
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  }) as JsonObject;
  return rest;
}

function sortedMethods(operations: Record<string, JsonObject>) {
  return Object.fromEntries(
    Object.entries(operations).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
  );
}

/** `listOffers` → `List offers`. */
function sentenceOf(operationId: string) {
  const words = operationId.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
