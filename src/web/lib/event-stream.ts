/*
 * A server-sent event reader on fetch + ReadableStream. EventSource cannot send the bearer token
 * header, so the admin stream is read this way. Reconnect rule (admin spec 9): after a connection
 * fails or ends, wait 5000 ms and try again, at most 5 times in a row; a connection that opens
 * starts the count again. 401/403 are not retried: the caller is no longer an admin, and the
 * screen's own data call sends them to sign-in.
 */

export const STREAM_RECONNECT_DELAY_MS = 5_000;
export const STREAM_MAX_ATTEMPTS = 5;

export interface EventStreamHandlers {
  /** The `data` of one message (its `data:` lines joined by newlines). */
  onMessage(data: string): void;
  /** A connection opened (the first or a reconnect). */
  onOpen?(): void;
  /** The connection is lost; attempt `attempt` of `max` starts after the delay. */
  onReconnecting?(attempt: number, max: number): void;
  /** No more attempts: `denied` when the server refused the caller (401/403). */
  onGiveUp?(reason: 'exhausted' | 'denied'): void;
}

export interface EventStreamOptions extends EventStreamHandlers {
  url: string;
  /** Read before each attempt, so a reconnect sends the current token. */
  headers?: () => Record<string, string>;
  reconnectDelayMs?: number;
  maxAttempts?: number;
}

export interface EventStreamHandle {
  close(): void;
}

/** Feeds chunks of an event stream and calls `emit` with the data of each complete message. */
export function createEventParser(emit: (data: string) => void): (chunk: string) => void {
  let buffer = '';
  let data: string[] = [];
  return (chunk) => {
    buffer += chunk;
    const lines = buffer.split(/\r\n|\r|\n/);
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line === '') {
        if (data.length > 0) emit(data.join('\n'));
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.slice(line.startsWith('data: ') ? 6 : 5));
      }
      // Comments (': heartbeat') and the event/id/retry fields change nothing here.
    }
  };
}

export function openEventStream(options: EventStreamOptions): EventStreamHandle {
  const delay = options.reconnectDelayMs ?? STREAM_RECONNECT_DELAY_MS;
  const max = options.maxAttempts ?? STREAM_MAX_ATTEMPTS;
  let closed = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  const retry = () => {
    if (closed) return;
    failures += 1;
    if (failures > max) {
      closed = true;
      options.onGiveUp?.('exhausted');
      return;
    }
    options.onReconnecting?.(failures, max);
    timer = setTimeout(() => void connect(), delay);
  };

  async function connect(): Promise<void> {
    controller = new AbortController();
    try {
      const response = await fetch(options.url, {
        headers: { accept: 'text/event-stream', ...options.headers?.() },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) {
        closed = true;
        options.onGiveUp?.('denied');
        return;
      }
      if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
      failures = 0;
      options.onOpen?.();
      const feed = createEventParser((data) => {
        if (!closed) options.onMessage(data);
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        feed(value);
      }
    } catch {
      // A dropped connection and a refused one are the same to the user: try again.
    }
    retry();
  }

  void connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      controller?.abort();
    },
  };
}
