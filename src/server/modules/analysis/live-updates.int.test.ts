import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerToClientEvents } from '../../../contract/events';
import { createManualClock } from '../../providers/market';
import { createSimulatedMarketSource } from '../../providers/market/simulated';
import { createTestApp, signUp, type TestApp } from '../../testing/test-app';

type Client = Socket<ServerToClientEvents>;

/** Records every event a real socket.io client receives. */
function recorder(url: string, token?: string) {
  const seen: { event: string; payload: unknown }[] = [];
  const socket: Client = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    auth: token ? { token } : {},
  });
  socket.onAny((event: string, payload: unknown) => seen.push({ event, payload }));
  const connected = new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  const waitFor = async (
    event: string,
    match: (payload: unknown) => boolean = () => true,
    timeoutMs = 20_000,
  ) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = seen.find((s) => s.event === event && match(s.payload));
      if (found) return found.payload;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(
      `no ${event} within ${timeoutMs} ms (saw ${[...new Set(seen.map((s) => s.event))].join(', ')})`,
    );
  };
  return { socket, seen, connected, waitFor };
}

describe('live updates over socket.io, from a fresh start', () => {
  let t: TestApp;
  let url: string;
  const clock = createManualClock(Date.UTC(2026, 10, 20, 12));
  const clients: Client[] = [];

  beforeAll(async () => {
    t = await createTestApp({ overrides: { market: createSimulatedMarketSource({ seed: 3, clock }) } });
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await t.close();
  });

  it('streams the heat map to anonymous visitors and offers and analysis progress to traders', async () => {
    const trader = await signUp(t.app, 'Live');
    const visitor = recorder(url);
    const member = recorder(url, trader.token);
    clients.push(visitor.socket, member.socket);
    await Promise.all([visitor.connected, member.connected]);

    t.app.analysisPipeline.startWorker(2);
    await t.app.worker.runNow('market-sync');
    await t.app.analysisQueue.drained();

    const update = (await visitor.waitFor('heatmap_update')) as Record<string, { heatScore: number }>;
    expect(Object.values(update)[0]?.heatScore).toBeGreaterThan(0);
    expect(await member.waitFor('analysis_status')).toMatchObject({ status: expect.any(String) as unknown });
    await member.waitFor('heatmap_update');

    await t.app.analysis.requestAnalysis({ pair: 'SOL/USD', bypassThresholds: true });
    await t.app.analysisQueue.drained();
    const isSol = (payload: unknown) => (payload as { pair: string }).pair === 'SOL/USD';
    const offer = (await member.waitFor('new_offer', isSol)) as { id: string; pair: string };

    // An hour later the pair is analysed again: the live offer's heat changes and traders are told.
    clock.advance(3_600_000);
    await t.app.worker.runNow('market-refresh');
    await t.app.analysis.requestAnalysis({ pair: 'SOL/USD' });
    await t.app.analysisQueue.drained();
    const updated = (await member.waitFor('offer_update', isSol)) as { id: string };
    expect(updated.id).toBe(offer.id);

    // Offers and analysis progress are for signed-in traders only.
    expect(visitor.seen.map((s) => s.event)).not.toContain('new_offer');
    expect(visitor.seen.map((s) => s.event)).not.toContain('analysis_status');
  }, 120_000);
});
