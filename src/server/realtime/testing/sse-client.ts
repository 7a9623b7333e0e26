/**
 * A minimal server-sent-events reader for tests, on node:http without connection pooling (fetch's
 * pool may open a spare connection that would hold the server's close).
 */
import { request, type IncomingMessage } from 'node:http';

export interface SseMessage {
  event: string | null;
  data: string;
}

export interface SseClient {
  status: number;
  headers: IncomingMessage['headers'];
  /** The body when the answer is not a stream (e.g. a 401). */
  body: () => string;
  messages: SseMessage[];
  comments: () => number;
  /** True once the server has ended the stream. */
  ended: () => boolean;
  next(match: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent: false }, (res) => {
      const messages: SseMessage[] = [];
      let comments = 0;
      let buffer = '';
      let raw = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) {
            comments += 1;
            continue;
          }
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7) ?? null;
          const data = lines
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          messages.push({ event, data });
        }
      });
      let ended = false;
      res.on('end', () => (ended = true));
      res.on('error', () => undefined);
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: () => raw,
        messages,
        comments: () => comments,
        ended: () => ended,
        async next(match, timeoutMs = 5000) {
          const until = Date.now() + timeoutMs;
          for (;;) {
            const found = messages.find(match);
            if (found) return found;
            if (Date.now() > until)
              throw new Error(`no matching SSE message; got ${JSON.stringify(messages)}`);
            await new Promise((r) => setTimeout(r, 10));
          }
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end();
  });
}
