import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Viewer } from '../modules/auth/viewer';
import type { BusMessage } from './event-bus';
import { createRedisBus, type RedisEventBus } from './redis-bus';
import { attachSocketServer, type SocketServer } from './socket-server';

// Redis runs on every machine of this project (CI included); REDIS_URL points elsewhere if needed.
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two "processes" on one Redis: each has its own bus (and, below, its own socket.io server). */
describe('Redis event bus (scale-out)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function twoBuses(): Promise<[RedisEventBus, RedisEventBus]> {
    const channel = `heatsignal-test-${randomUUID()}`;
    const a = createRedisBus(REDIS_URL, { channel });
    const b = createRedisBus(REDIS_URL, { channel });
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    await Promise.all([a.ready(), b.ready()]);
    return [a, b];
  }

  it('delivers a message once to every process, synchronously to the publisher', async () => {
    const [a, b] = await twoBuses();
    const atA: BusMessage[] = [];
    const atB: BusMessage[] = [];
    a.subscribe((m) => atA.push(m));
    b.subscribe((m) => atB.push(m));
    a.publish('trade_update', { id: 't-1', status: 'closed' }, ['user:u1']);
    expect(atA).toHaveLength(1);
    await expect.poll(() => atB.length).toBe(1);
    expect(atB[0]).toEqual({
      event: 'trade_update',
      payload: { id: 't-1', status: 'closed' },
      rooms: ['user:u1'],
      origin: a.nodeId,
    });
    // A later message from B proves A's own copy never came back as a second delivery.
    b.publish('analysis_completed', { pair: 'BTC/USD', analysisId: 'x' });
    await expect.poll(() => atA.length).toBe(2);
    expect(atA.map((m) => m.event)).toEqual(['trade_update', 'analysis_completed']);
  });

  it('keeps local messages in their process', async () => {
    const [a, b] = await twoBuses();
    const atB: BusMessage[] = [];
    b.subscribe((m) => atB.push(m));
    a.publish('heatmap_update', { 'BTC/USD': { heatScore: 1 } }, ['public'], { local: true });
    a.publish('heatmap_refresh', { pair: 'BTC/USD' });
    await expect.poll(() => atB.length).toBe(1);
    expect(atB[0]?.event).toBe('heatmap_refresh');
  });

  it('with the Redis adapter, a client on either server gets each event exactly once', async () => {
    const [a, b] = await twoBuses();
    const viewer: Viewer = {
      userId: 'u1',
      sessionId: 's1',
      email: 'u1@example.com',
      emailVerified: true,
      twoFactorEnabled: false,
      secondFactorAt: null,
      name: 'U1',
      username: null,
      referralCode: null,
      activeOrganizationId: null,
      isAdmin: false,
      apiKey: null,
    };
    const viewers = { viewerOfToken: async (token: string) => (token === 'good' ? viewer : null) };
    const start = async (bus: RedisEventBus) => {
      const server: Server = createServer();
      const sockets: SocketServer = attachSocketServer({
        httpServer: server,
        bus,
        viewers,
        sessions: { watch: () => () => undefined },
        redisUrl: REDIS_URL,
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      cleanups.push(
        () => new Promise<void>((resolve) => server.close(() => resolve())),
        () => sockets.close(),
      );
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    };
    const [urlA, urlB] = [await start(a), await start(b)];
    const clients: Socket[] = [urlA, urlB].map((url) =>
      connect(url, { transports: ['websocket'], reconnection: false, auth: { token: 'good' } }),
    );
    cleanups.push(() => clients.forEach((c) => c.disconnect()));
    await Promise.all(clients.map((c) => new Promise((resolve) => c.on('connect', () => resolve(null)))));
    const got = clients.map(() => [] as string[]);
    clients.forEach((c, i) => c.on('trade_update', (p: { id: string }) => got[i]!.push(p.id)));

    a.publish('trade_update', { id: 'from-a', status: 'open' }, ['user:u1']);
    b.publish('trade_update', { id: 'from-b', status: 'open' }, ['user:u1']);
    await expect.poll(() => got.map((g) => g.length)).toEqual([2, 2]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(got.map((g) => [...g].sort())).toEqual([
      ['from-a', 'from-b'],
      ['from-a', 'from-b'],
    ]);
  });
});
