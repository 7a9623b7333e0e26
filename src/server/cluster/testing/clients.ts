import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';

export interface Account {
  email: string;
  token: string;
}

/** Signs an account up through the public endpoint (the first account of a database is the admin). */
export async function signUp(baseUrl: string, name: string): Promise<Account> {
  const email = `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ name, email, password: 'a-long-test-password-1' }),
  });
  const token = response.headers.get('set-auth-token');
  if (response.status !== 200 || !token)
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return { email, token };
}

/** An authenticated call; the body is parsed when it is JSON. */
export async function call<T = unknown>(
  baseUrl: string,
  account: Account,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${account.token}`,
      origin: baseUrl,
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T };
}

export interface RecordedEvent {
  event: string;
  payload: Record<string, unknown>;
}

/** A socket.io client as the web app opens it (websocket only, token in `auth`), recording every event. */
export function openRecordingSocket(baseUrl: string, account: Account | null) {
  const events: RecordedEvent[] = [];
  const socket: Socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1_000,
    ...(account ? { auth: { token: account.token } } : {}),
  });
  socket.onAny((event: string, payload: Record<string, unknown>) => events.push({ event, payload }));
  const disconnects: string[] = [];
  socket.on('disconnect', (reason) => disconnects.push(reason));
  return {
    socket,
    events,
    disconnects,
    connected: () =>
      new Promise<void>((resolve, reject) => {
        if (socket.connected) return resolve();
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      }),
    of: (event: string) => events.filter((e) => e.event === event).map((e) => e.payload),
  };
}

/** An admin's server-sent event stream (GET /api/admin/heatmap/live), recording every `data:` message. */
export function openAdminStream(baseUrl: string, admin: Account) {
  const messages: Record<string, unknown>[] = [];
  const abort = new AbortController();
  const done = (async () => {
    const response = await fetch(`${baseUrl}/api/admin/heatmap/live`, {
      headers: { authorization: `Bearer ${admin.token}`, accept: 'text/event-stream' },
      signal: abort.signal,
    });
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of block.split('\n'))
          if (line.startsWith('data: ')) messages.push(JSON.parse(line.slice(6)) as Record<string, unknown>);
      }
    }
  })().catch(() => undefined);
  return {
    messages,
    async close() {
      abort.abort();
      await done;
    },
  };
}
