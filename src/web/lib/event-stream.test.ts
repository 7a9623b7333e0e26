import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEventParser, openEventStream, type EventStreamOptions } from './event-stream';

/** A server the test drives: each fetch waits until the test answers it. */
function fakeServer() {
  const calls: { headers: Record<string, string>; signal: AbortSignal }[] = [];
  const pending: ((response: Response | Error) => void)[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    calls.push({ headers: init.headers as Record<string, string>, signal: init.signal! });
    return new Promise<Response>((resolve, reject) =>
      pending.push((answer) => (answer instanceof Error ? reject(answer) : resolve(answer))),
    );
  });
  const answer = async (response: Response | Error) => {
    pending.shift()!(response);
    await vi.advanceTimersByTimeAsync(0);
  };
  return {
    calls,
    answer,
    refuse: () => answer(new TypeError('Failed to fetch')),
    /** Answers with an open stream; returns what the server can do with it. */
    async open() {
      let controller!: ReadableStreamDefaultController<Uint8Array>;
      const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
      await answer(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
      const encoder = new TextEncoder();
      return {
        write: async (text: string) => {
          controller.enqueue(encoder.encode(text));
          await vi.advanceTimersByTimeAsync(0);
        },
        end: async () => {
          controller.close();
          await vi.advanceTimersByTimeAsync(0);
        },
      };
    },
  };
}

function start(overrides: Partial<EventStreamOptions> = {}) {
  const events: string[] = [];
  const options: EventStreamOptions = {
    url: '/api/admin/heatmap/live',
    headers: () => ({ authorization: 'Bearer t0k3n' }),
    onMessage: (data) => events.push(`message ${data}`),
    onOpen: () => events.push('open'),
    onReconnecting: (attempt, max) => events.push(`reconnecting ${attempt}/${max}`),
    onGiveUp: (reason) => events.push(`give up ${reason}`),
    ...overrides,
  };
  return { events, handle: openEventStream(options) };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the event stream parser', () => {
  it('emits each message once its blank line arrives, across chunks, skipping comments', () => {
    const seen: string[] = [];
    const feed = createEventParser((data) => seen.push(data));
    feed(': connected\n\ndata: {"a"');
    expect(seen).toEqual([]);
    feed(':1}\n\nevent: x\ndata: line one\r\ndata:line two\n');
    expect(seen).toEqual(['{"a":1}']);
    feed('\n');
    expect(seen).toEqual(['{"a":1}', 'line one\nline two']);
  });
});

describe('reading the admin stream', () => {
  it('sends the bearer token and hands over each message', async () => {
    const server = fakeServer();
    const { events } = start();
    expect(server.calls[0]!.headers).toMatchObject({
      authorization: 'Bearer t0k3n',
      accept: 'text/event-stream',
    });
    const stream = await server.open();
    await stream.write(': connected\n\ndata: {"channel":"worker_log"}\n\n');
    expect(events).toEqual(['open', 'message {"channel":"worker_log"}']);
  });

  it('waits 5000 ms between attempts and gives up after the fifth', async () => {
    const server = fakeServer();
    const { events } = start();
    await server.refuse();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(events.at(-1)).toBe(`reconnecting ${attempt}/5`);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(server.calls).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(server.calls).toHaveLength(attempt + 1);
      await server.answer(new Response('down', { status: 503 }));
    }
    expect(events.slice(-2)).toEqual(['reconnecting 5/5', 'give up exhausted']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(6);
  });

  it('counts again from 1 after a connection opened, and reads the token anew', async () => {
    const server = fakeServer();
    let token = 'first';
    const { events } = start({ headers: () => ({ authorization: `Bearer ${token}` }) });
    await server.refuse();
    token = 'second';
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls[1]!.headers.authorization).toBe('Bearer second');
    const stream = await server.open();
    await stream.end();
    expect(events).toEqual(['reconnecting 1/5', 'open', 'reconnecting 1/5']);
  });

  it('does not retry when the server refuses the caller', async () => {
    const server = fakeServer();
    const { events } = start();
    await server.answer(new Response('{"error":"Admin access required"}', { status: 403 }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(events).toEqual(['give up denied']);
    expect(server.calls).toHaveLength(1);
  });

  it('closes without reconnecting when the screen is left', async () => {
    const server = fakeServer();
    const { events, handle } = start();
    await server.open();
    handle.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls[0]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(events).toEqual(['open']);
    expect(server.calls).toHaveLength(1);
  });
});
