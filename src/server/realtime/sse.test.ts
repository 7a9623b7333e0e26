import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventStreams } from './sse';
import { openSse } from './testing/sse-client';

describe('createEventStreams', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function serve(heartbeatMs: number) {
    app = Fastify();
    const streams = createEventStreams(app, { heartbeatMs });
    const closed: string[] = [];
    const open: ReturnType<typeof streams.open>[] = [];
    app.get('/stream', async (request, reply) => {
      const stream = streams.open(request, reply);
      stream.onClose(() => closed.push('cleanup'));
      open.push(stream);
      return reply;
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { url: `${url}/stream`, closed, open };
  }

  it('sends named and unnamed JSON messages and a heartbeat comment', async () => {
    const { url, open } = await serve(30);
    const client = await openSse(url);
    expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
    await expect.poll(() => open.length).toBe(1);
    open[0]!.send({ a: 1 }, 'tick');
    open[0]!.send({ b: 2 });
    expect(await client.next((m) => m.event === 'tick')).toEqual({ event: 'tick', data: '{"a":1}' });
    expect(await client.next((m) => m.event === null)).toEqual({ event: null, data: '{"b":2}' });
    // ': connected' plus at least two heartbeats.
    await expect.poll(() => client.comments(), { timeout: 2000 }).toBeGreaterThanOrEqual(3);
    client.close();
  });

  it('runs the cleanup once when the client goes away', async () => {
    const { url, closed } = await serve(10_000);
    const client = await openSse(url);
    client.close();
    await expect.poll(() => closed).toEqual(['cleanup']);
  });

  it('ends open streams when the server closes, so close does not hang', async () => {
    const { url, closed } = await serve(10_000);
    const client = await openSse(url);
    await expect.poll(() => client.comments()).toBe(1);
    await app?.close();
    app = undefined;
    expect(closed).toEqual(['cleanup']);
    client.close();
  });
});
