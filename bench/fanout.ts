import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import type { HeatMapUpdate } from '../src/contract/heatmap';
import { isBusEvent } from '../src/server/realtime/event-bus';
import { seedAnalysis, seedPair } from '../src/server/modules/offers/testing/market-fixtures';
import { createTestApp } from '../src/server/testing/test-app';
import { fmt } from './load';
import { CLIENTS, connectClients } from './sockets';
import type { BenchRow } from './table';
import { median, sum } from './stats';

const PAIRS = 12;
const RUNS = Number(process.env.BENCH_FANOUT_RUNS ?? 5);

/**
 * One analysis cycle's heatmap_update to 1,000 sockets, RUNS times: the app (12 pairs re-analysed,
 * the coalesced update flushed through the bus to room `public`) against a bare socket.io server
 * broadcasting the same payload to as many clients, the two interleaved run by run so a machine
 * shared with other work weighs on both alike. Each latency runs from just before the emit (the
 * flush, whose serialising and sending it includes) to the last client's arrival.
 */
export async function benchFanOut(): Promise<BenchRow[]> {
  const t = await createTestApp();
  const http = createServer();
  const bare = new Server(http, { path: '/socket.io', serveClient: false });
  let appClients: Awaited<ReturnType<typeof connectClients>> | undefined;
  let bareClients: Awaited<ReturnType<typeof connectClients>> | undefined;
  try {
    const pairIds: number[] = [];
    for (let i = 0; i < PAIRS; i++) pairIds.push(await seedPair(t.db, `F${String(i).padStart(2, '0')}/USD`));
    const analyse = async (run: number) => {
      for (const [i, pairId] of pairIds.entries())
        await seedAnalysis(t.db, {
          pair: `F${String(i).padStart(2, '0')}/USD`,
          pairId,
          completedAt: new Date(Date.now() - (RUNS - run) * 5 * 60_000),
          heatScore: (i * 7 + run * 13) % 100,
        });
    };
    await analyse(-1);
    await t.app.heatMap.reload();
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    appClients = await connectClients(url);
    bareClients = await connectClients(`http://127.0.0.1:${(http.address() as AddressInfo).port}`);

    const appMs: number[] = [];
    const bareMs: number[] = [];
    let bytes = 0;
    const last = (arrivals: number[][], j: number) => Math.max(...arrivals.map((a) => a[j] ?? Infinity));
    // Every heatmap_update the app sends (a slow refresh may let the coalescing timer send one
    // early; the clients count it too).
    const published: HeatMapUpdate[] = [];
    const stop = t.app.realtime.bus.subscribe((m) => {
      if (isBusEvent(m, 'heatmap_update')) published.push(m.payload);
    });
    for (let run = 0; run < RUNS; run++) {
      await analyse(run);
      for (let i = 0; i < PAIRS; i++) await t.app.heatMap.refreshPair(`F${String(i).padStart(2, '0')}/USD`);
      const before = published.length;
      const sent = performance.now();
      t.app.heatMap.flushUpdates();
      const payload = published[before];
      if (!payload) throw new Error('the cycle published no heatmap_update');
      await appClients.allHave(published.length);
      appMs.push(last(appClients.arrivals, before) - sent);
      bytes += Buffer.byteLength(JSON.stringify(payload));

      await new Promise((r) => setTimeout(r, 200));
      const bareSent = performance.now();
      bare.emit('heatmap_update', payload);
      await bareClients.allHave(run + 1);
      bareMs.push(last(bareClients.arrivals, run) - bareSent);
      await new Promise((r) => setTimeout(r, 200));
    }
    stop();
    const list = (ms: number[]) => ms.map((v) => v.toFixed(0)).join(', ');
    return [
      {
        name: `heatmap_update fan-out → ${CLIENTS} sockets, ${RUNS} runs`,
        value: fmt.ratio(sum(appMs), sum(bareMs)),
        detail: `app ${list(appMs)} ms (median ${median(appMs).toFixed(0)}), bare socket.io ${list(bareMs)} ms (median ${median(bareMs).toFixed(0)}); ${PAIRS} pairs a cycle, ${(bytes / RUNS / 1e3).toFixed(1)} KB an event (target ≤ ×1.5)`,
      },
    ];
  } finally {
    appClients?.close();
    bareClients?.close();
    await bare.close();
    await t.close();
  }
}
