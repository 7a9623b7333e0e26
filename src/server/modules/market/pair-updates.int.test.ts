/**
 * `pair_updates` from the market service reach admins over both realtime views: the admin socket
 * room and the admin SSE stream (channel pair_updates:all). Traders' sockets never get them.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminLiveMessage, ClientToServerEvents, ServerToClientEvents } from '../../../contract/events';
import { openSse, type SseClient } from '../../realtime/testing/sse-client';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../testing/test-app';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe('pair_updates on the admin socket and the admin stream', () => {
  let t: TestApp;
  let base = '';
  let admin: TestUser;
  let trader: TestUser;
  const sockets: ClientSocket[] = [];
  let live: SseClient | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, 'Admin');
    trader = await signUp(t.app, 'Trader');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
    for (const socket of sockets) socket.disconnect();
    live?.close();
  });

  async function socketOf(token: string) {
    const socket: ClientSocket = connect(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      auth: { token },
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', resolve);
      socket.on('connect_error', reject);
    });
    const got: { pair: string; action: string }[] = [];
    socket.on('pair_updates', (payload) => got.push(payload));
    return got;
  }

  it('announces a sync, an admin toggle and an automatic deactivation', async () => {
    const toAdmin = await socketOf(admin.token);
    const toTrader = await socketOf(trader.token);
    live = await openSse(`${base}/api/admin/heatmap/live?channels=pair_updates:all`, admin.auth);
    expect(live.status).toBe(200);
    const streamed = () =>
      live!.messages.map((m) => JSON.parse(m.data) as AdminLiveMessage).map((m) => `${m.pair} ${m.action}`);
    const market = t.app.market;

    const sync = await market.syncPairs();
    expect(sync.added.length).toBeGreaterThan(0);
    const added = sync.added.map((pair) => `${pair} added`);
    await expect.poll(() => toAdmin.map((u) => `${u.pair} ${u.action}`)).toEqual(added);
    await expect.poll(streamed).toEqual(added);

    await market.setPairActive('BTC/USD', false);
    await market.setPairActive('BTC/USD', true);
    const toggled = [...added, 'BTC/USD deactivated', 'BTC/USD activated'];
    await expect.poll(() => toAdmin.map((u) => `${u.pair} ${u.action}`)).toEqual(toggled);
    await expect.poll(streamed).toEqual(toggled);

    // A pair whose refresh keeps failing is switched off by the worker: admins hear of it too.
    const source = t.app.source;
    const fetchTicker = source.fetchTicker.bind(source);
    source.fetchTicker = async () => {
      throw new Error('exchange unavailable');
    };
    try {
      let result = await market.refresh('ETH/USD');
      while (!result.ok && !result.deactivated) result = await market.refresh('ETH/USD');
    } finally {
      source.fetchTicker = fetchTicker;
    }
    await expect.poll(streamed).toEqual([...toggled, 'ETH/USD deactivated']);
    await expect.poll(() => toAdmin.at(-1)).toEqual({ pair: 'ETH/USD', action: 'deactivated' });
    expect(toTrader).toEqual([]);
  });
});
