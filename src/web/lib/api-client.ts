import type { z } from 'zod';
import { getAuthToken } from './auth-token';

/** A failed call: the server's `error` field when present, else the caller's fallback text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NO_TOKEN_MESSAGE = 'No authentication token available';

type QueryValue = string | number | boolean | undefined | null | readonly string[];

export interface ApiRequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Calls default to sending the bearer token; public calls pass `auth: false`. */
  auth?: boolean;
  /** When given, the response is parsed by this contract schema. */
  schema?: S;
  fallbackError?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) params.set(key, value.join(','));
    } else {
      params.set(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The signed-in user's `Authorization` header value; a 401 ApiError when nobody is signed in. */
export function bearerAuthorization(): string {
  const token = getAuthToken();
  if (!token) throw new ApiError(NO_TOKEN_MESSAGE, 401);
  return `Bearer ${token}`;
}

/** Calls `/api{path}` on the product's own host. */
export async function apiRequest<S extends z.ZodType | undefined = undefined>(
  path: string,
  options: ApiRequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.infer<S> : unknown> {
  const { method = 'GET', query, body, auth = true, schema, fallbackError, signal } = options;
  const headers: Record<string, string> = { ...options.headers };
  if (auth) headers.authorization = bearerAuthorization();
  if (body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(`/api${path}${buildQuery(query)}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const serverError =
      data && typeof data === 'object' && 'error' in data && typeof data.error === 'string'
        ? data.error
        : null;
    throw new ApiError(
      serverError ?? fallbackError ?? `Request failed (${response.status})`,
      response.status,
    );
  }
  return (schema ? schema.parse(data) : data) as S extends z.ZodType ? z.infer<S> : unknown;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The one error text of the web app: the server's `error` when it answered with one (or the call's
 * own `fallbackError`), else the spec's fallback (trader spec 8). A network failure, an unreadable
 * reply or a contract parse failure gets the fallback too: their messages are not for users.
 */
export function serverErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
