import { vi } from 'vitest';

/*
 * The server at the fetch level for component tests: each call is recorded (method, path with
 * query, JSON body) and answered by the test's function, so a test asserts exactly what a screen
 * sent and shows exactly what the contract's shapes carry.
 */

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

export interface FakeCall {
  method: string;
  url: string;
  body: unknown;
}

export function serveApi(answer: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>): FakeCall[] {
  const calls: FakeCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const call: FakeCall = {
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const { status, body } = await answer(call);
    return new Response(body === undefined ? '' : JSON.stringify(body), { status });
  });
  return calls;
}

/** The query parameters of a recorded call. */
export function queryOf(call: FakeCall): Record<string, string> {
  return Object.fromEntries(new URL(call.url, 'http://x').searchParams);
}
