import { vi } from 'vitest';

/*
 * The server at the fetch level for component tests: each call is recorded (method, URL, path,
 * query parameters, JSON body) and answered by the test's function, so a test asserts exactly
 * what a screen sent and shows exactly what the contract's shapes carry. A call the function does
 * not answer (undefined) gets 404 `{ error: 'Not found' }`.
 */

export interface FakeAnswer {
  status: number;
  body?: unknown;
  /** e.g. `set-auth-token`, which sign-in and two-factor calls hand the session's token in. */
  headers?: Record<string, string>;
}

export interface FakeCall {
  method: string;
  /** As the app passed it to fetch, query included. */
  url: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

const NOT_FOUND: FakeAnswer = { status: 404, body: { error: 'Not found' } };

export function serveApi(
  answer: (call: FakeCall) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>,
): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const parsed = new URL(url, 'http://localhost');
    const call: FakeCall = {
      method: init.method ?? 'GET',
      url,
      path: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const { status, body, headers } = (await answer(call)) ?? NOT_FOUND;
    return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers });
  });
  return calls;
}

/** The query parameters of a recorded call. */
export function queryOf(call: FakeCall): Record<string, string> {
  return call.query;
}
