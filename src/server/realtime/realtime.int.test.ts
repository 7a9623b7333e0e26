import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientToServerEvents, ServerToClientEvents } from '../../contract/events';
import { seedAnalysis, seedPair } from '../modules/offers/testing/market-fixtures';
import { createTestApp, signUp, type TestApp, type TestUser } from '../testing/test-app';
import { openSse, type SseClient } from './testing/sse-client';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const tick = (pair: string, price: number) => ({
  pair,
  ticker: { pair, price, volume: 1520.5, percentage: 1.2, timestamp: new Date().toISOString() },
});

/** Real HTTP on an ephemeral port: SSE streams and socket.io, both fed from the app's bus. */
describe('realtime views of the event bus', () => {
  let t: TestApp;
  let base = '';
  let admin: TestUser;
  let trader: TestUser;
  let other: TestUser;
  const streams: SseClient[] = [];
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, 'Admin');
    trader = await signUp(t.app, 'Trader');
    other = await signUp(t.app, 'Other');
    for (const pair of ['BTC/USD', 'ETH/USD']) {
      const pairId = await seedPair(t.db, pair);
      await seedAnalysis(t.db, { pair, pairId, completedAt: new Date(Date.now() - 60_000), heatScore: 64 });
    }
    await t.app.heatMap.reload();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // Closing the app must itself end open streams and sockets (else it would hang here).
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(5000);
    for (const socket of sockets) socket.disconnect();
    for (const stream of streams) stream.close();
  });

  const stream = async (path: string, headers: Record<string, string> = {}) => {
    const client = await openSse(`${base}${path}`, headers);
    streams.push(client);
    return client;
  };
  const bus = () => t.app.realtime.bus;

  describe('GET /api/pairs/subscribe (SSE)', () => {
    it('streams the subscribed pairs: current heat-map entries, then tickers and heat-map updates', async () => {
      const client = await stream('/api/pairs/subscribe?pairs=BTC/USD', trader.auth);
      expect(client.status).toBe(200);
      expect(client.headers['content-type']).toMatch(/^text\/event-stream/);
      const first = await client.next((m) => m.event === 'heatmap');
      expect(JSON.parse(first.data)).toMatchObject({
        type: 'heatmap',
        pair: 'BTC/USD',
        entry: { heatScore: 64 },
      });

      bus().publish('ticker', tick('ETH/USD', 3100));
      bus().publish('ticker', tick('BTC/USD', 64_321.5));
      const ticker = await client.next((m) => m.event === 'ticker');
      expect(JSON.parse(ticker.data)).toMatchObject({
        type: 'ticker',
        pair: 'BTC/USD',
        ticker: { pair: 'BTC/USD', price: 64_321.5 },
      });
      bus().publish('heatmap_update', { 'ETH/USD': { heatScore: 1 }, 'BTC/USD': { heatScore: 70 } }, [
        'public',
      ]);
      await client.next((m) => m.event === 'heatmap' && m.data.includes('"heatScore":70'));
      expect(client.messages.some((m) => m.data.includes('ETH/USD'))).toBe(false);
    });

    it('accepts several pairs in one stream', async () => {
      const client = await stream('/api/pairs/subscribe?pairs=BTC/USD,ETH/USD', trader.auth);
      await client.next((m) => m.event === 'heatmap' && m.data.includes('ETH/USD'));
      bus().publish('ticker', tick('ETH/USD', 3111));
      await client.next((m) => m.event === 'ticker' && m.data.includes('3111'));
    });

    it('needs a bearer token and known pairs', async () => {
      const anonymous = await stream('/api/pairs/subscribe?pairs=BTC/USD');
      expect(anonymous.status).toBe(401);
      const none = await stream('/api/pairs/subscribe', trader.auth);
      expect(none.status).toBe(400);
      const unknown = await stream('/api/pairs/subscribe?pairs=BTC/USD,NOPE/USD', trader.auth);
      expect(unknown.status).toBe(400);
      await expect.poll(() => unknown.body()).toContain('Unknown pair: NOPE/USD');
    });
  });

  describe('GET /api/admin/heatmap/live (SSE)', () => {
    it('sends admins JSON messages on pair_updates:all, analysis_status and worker_log', async () => {
      const client = await stream('/api/admin/heatmap/live', admin.auth);
      expect(client.status).toBe(200);
      bus().publish('pair_updates', { pair: 'BTC/USD', action: 'deactivated' }, ['admins']);
      bus().publish(
        'analysis_status',
        { pair: 'ETH/USD', analysisId: 'a-1', status: 'running', stage: 'backtest', progress: 50 },
        ['traders'],
      );
      bus().publish(
        'worker_log',
        { pair: 'ETH/USD', error: 'rate limited', at: '2026-11-21T05:00:00.000Z' },
        ['admins'],
      );
      bus().publish('ticker', tick('BTC/USD', 1));
      await expect.poll(() => client.messages.length).toBe(3);
      const [pair, status, log] = client.messages.map((m) => JSON.parse(m.data) as Record<string, unknown>);
      expect(client.messages.every((m) => m.event === null)).toBe(true);
      expect(pair).toMatchObject({ channel: 'pair_updates:all', pair: 'BTC/USD', action: 'deactivated' });
      expect(status).toMatchObject({
        channel: 'analysis_status',
        pair: 'ETH/USD',
        analysisId: 'a-1',
        progress: 50,
      });
      expect(log).toEqual({
        channel: 'worker_log',
        pair: 'ETH/USD',
        error: 'rate limited',
        at: '2026-11-21T05:00:00.000Z',
      });
    });

    it('narrows to the channels asked for', async () => {
      const client = await stream('/api/admin/heatmap/live?channels=worker_log', admin.auth);
      bus().publish('pair_updates', { pair: 'BTC/USD', action: 'added' }, ['admins']);
      bus().publish('worker_log', { pair: 'BTC/USD', error: 'boom', at: new Date().toISOString() }, [
        'admins',
      ]);
      await client.next((m) => m.data.includes('boom'));
      expect(client.messages).toHaveLength(1);
    });

    it('is for admins only', async () => {
      expect((await stream('/api/admin/heatmap/live', trader.auth)).status).toBe(403);
      expect((await stream('/api/admin/heatmap/live')).status).toBe(401);
      expect((await stream('/api/admin/heatmap/live?limit=5', admin.auth)).status).toBe(400);
    });
  });

  describe('socket.io on /socket.io', () => {
    const open = (options: { token?: string; headers?: Record<string, string> } = {}) => {
      const socket: ClientSocket = connect(base, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        auth: options.token ? { token: options.token } : {},
        extraHeaders: options.headers,
      });
      sockets.push(socket);
      return socket;
    };
    const connected = (socket: ClientSocket) =>
      new Promise<void>((resolve, reject) => {
        socket.on('connect', resolve);
        socket.on('connect_error', reject);
      });
    const collect = (socket: ClientSocket) => {
      const got: { event: string; payload: unknown }[] = [];
      socket.onAny((event: string, payload: unknown) => got.push({ event, payload }));
      return got;
    };
    /** Everything before a public sentinel has been delivered once the sentinel arrives. */
    const flush = async (...received: { event: string; payload: unknown }[][]) => {
      const marker = `sentinel-${Math.random()}`;
      bus().publish('error', { message: marker }, ['public']);
      for (const got of received)
        await expect
          .poll(() => got.some((g) => (g.payload as { message?: string } | undefined)?.message === marker))
          .toBe(true);
    };

    it('lets the landing page connect anonymously and gives it public events only', async () => {
      const socket = open();
      await connected(socket);
      const got = collect(socket);
      bus().publish('trade_update', { id: 't-1', status: 'closed' }, [`user:${trader.id}`]);
      bus().publish('worker_log', { pair: 'BTC/USD', error: 'x', at: new Date().toISOString() }, ['admins']);
      bus().publish(
        'analysis_status',
        { pair: 'BTC/USD', analysisId: 'a', status: 'queued', stage: null, progress: 0 },
        ['traders'],
      );
      bus().publish('heatmap_update', { 'BTC/USD': { heatScore: 77 } }, ['public']);
      await flush(got);
      expect(got.map((g) => g.event)).toEqual(['heatmap_update', 'error']);
      expect(got[0]?.payload).toEqual({ 'BTC/USD': { heatScore: 77 } });
    });

    it('puts a signed-in socket in its own user room and the traders room', async () => {
      const mine = open({ token: trader.token });
      const theirs = open({ headers: { authorization: `Bearer ${other.token}` } });
      await Promise.all([connected(mine), connected(theirs)]);
      const gotMine = collect(mine);
      const gotTheirs = collect(theirs);
      bus().publish('trade_update', { id: 't-2', status: 'open' }, [`user:${trader.id}`]);
      bus().publish(
        'analysis_status',
        { pair: 'BTC/USD', analysisId: 'b', status: 'running', stage: 'fetch', progress: 10 },
        ['traders'],
      );
      bus().publish('worker_log', { pair: 'BTC/USD', error: 'admins only', at: new Date().toISOString() }, [
        'admins',
      ]);
      await flush(gotMine, gotTheirs);
      expect(gotMine.map((g) => g.event)).toEqual(['trade_update', 'analysis_status', 'error']);
      expect(gotMine[0]?.payload).toEqual({ id: 't-2', status: 'open' });
      expect(gotTheirs.map((g) => g.event)).toEqual(['analysis_status', 'error']);
    });

    it('adds admins to the admins room', async () => {
      const socket = open({ token: admin.token });
      await connected(socket);
      const got = collect(socket);
      bus().publish('worker_log', { pair: 'BTC/USD', error: 'for admins', at: new Date().toISOString() }, [
        'admins',
      ]);
      bus().publish('pair_updates', { pair: 'BTC/USD', action: 'updated' }, ['admins']);
      await flush(got);
      expect(got.map((g) => g.event)).toEqual(['worker_log', 'pair_updates', 'error']);
    });

    it('does not forward internal bus events to any socket', async () => {
      const socket = open({ token: admin.token });
      await connected(socket);
      const got = collect(socket);
      bus().publish('ticker', tick('BTC/USD', 5));
      bus().publish('analysis_completed', { pair: 'BTC/USD', analysisId: 'x' });
      await flush(got);
      expect(got.map((g) => g.event)).toEqual(['error']);
    });

    it('refuses a bad token with connect_error "Authentication failed"', async () => {
      const socket = open({ token: 'not-a-real-token' });
      const error = await new Promise<Error>((resolve) => socket.on('connect_error', resolve));
      expect(error.message).toBe('Authentication failed');
      expect(socket.connected).toBe(false);
    });
  });
});
