import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const SSE_HEARTBEAT_MS = 15_000;

export interface EventStream {
  /** One message; `event` names it (`event:` line), JSON `data`. */
  send(data: unknown, event?: string): void;
  /** Runs once when the client goes away or the server shuts down. */
  onClose(cleanup: () => void): void;
  close(): void;
}

/**
 * Server-sent event streams of one route family. Each stream writes a comment every 15 s so
 * proxies keep it open, and is ended (and cleaned up) when the server closes: an open stream would
 * otherwise hold `app.close()` forever.
 */
export function createEventStreams(app: FastifyInstance, options: { heartbeatMs?: number } = {}) {
  const heartbeatMs = options.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const open = new Set<EventStream>();
  app.addHook('preClose', (done) => {
    for (const stream of [...open]) stream.close();
    done();
  });

  return {
    /** Takes the reply over; return `reply` from the handler afterwards. */
    open(request: FastifyRequest, reply: FastifyReply): EventStream {
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // nginx would otherwise buffer the stream.
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');

      const cleanups: (() => void)[] = [];
      let closed = false;
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), heartbeatMs);
      const finish = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        open.delete(stream);
        for (const cleanup of cleanups.splice(0)) {
          try {
            cleanup();
          } catch (error) {
            request.log.error({ err: error }, 'event stream cleanup failed');
          }
        }
      };
      const stream: EventStream = {
        send(data, event) {
          if (closed) return;
          const head = event ? `event: ${event}\n` : '';
          res.write(`${head}data: ${JSON.stringify(data)}\n\n`);
        },
        onClose(cleanup) {
          if (closed) cleanup();
          else cleanups.push(cleanup);
        },
        close() {
          finish();
          res.end();
        },
      };
      open.add(stream);
      // The response closes when the client goes away (or we end it); the request's own 'close'
      // is no reliable signal for a long-lived response.
      res.on('close', finish);
      return stream;
    },
  };
}
