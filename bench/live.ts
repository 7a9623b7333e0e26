import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { createManualClock } from '../src/server/providers/market';
import { createSimulatedMarketSource } from '../src/server/providers/market/simulated';
import { isBusEvent } from '../src/server/realtime/event-bus';
import { createTestApp, signUp } from '../src/server/testing/test-app';
import { DB_KIND, DURATION_S, fmt, load, loadDuring, type LoadResult } from './load';
import { seedBenchOffers } from './offers-seed';
import { median, sum } from './stats';
import { bareBroadcast, CLIENTS, connectClients } from './sockets';
import type { BenchRow } from './table';

const MINUTE = 60_000;
/** Alternating idle and busy loads; the rows compare their medians. */
const ROUNDS = 3;

/** The rounds' medians (req/s and p99) and all their timeouts. */
const mediansOf = (loads: LoadResult[]): LoadResult => ({
  rps: median(loads.map((r) => r.rps)),
  p99: median(loads.map((r) => r.p99)),
  timeouts: sum(loads.map((r) => r.timeouts)),
});

/**
 * The app as it runs with ROLE=all on the simulated market (12 pairs): the offers list under load
 * while analysis cycles and backtests run, against the same load when idle; then one cycle's
 * heatmap_update as 1,000 socket.io clients receive it, against a bare socket.io broadcast.
 */
export async function benchLive(): Promise<BenchRow[]> {
  const clock = createManualClock(Date.UTC(2026, 10, 20, 12));
  const t = await createTestApp({ overrides: { market: createSimulatedMarketSource({ seed: 3, clock }) } });
  const services = t.app;
  let clients: Awaited<ReturnType<typeof connectClients>> | undefined;
  try {
    await seedBenchOffers(t.db);
    const user = await signUp(t.app, 'Bench');
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const list = `${url}/api/offers?limit=20`;
    const auth = { authorization: `Bearer ${user.token}` };
    services.analysisPipeline.startWorker(2);

    /** Pair sync, candle backfill, analysis of every pair and the walk-forward backtest. */
    const cycle = async () => {
      clock.advance(15 * MINUTE);
      await services.worker.runNow('market-sync');
      await services.analysisQueue.drained();
    };
    const coldStart = performance.now();
    await cycle(); // 90 days of history first: not measured.
    const coldMs = performance.now() - coldStart;

    // Idle and busy loads in alternating rounds, compared by their medians: one 5-second window's
    // p99 moves by ×3 from run to run on this machine (GC pauses, the load client's own turns).
    // How long the HTTP thread is held between turns: what a request waits before it is even read.
    // A monitor per load (one re-enabled would count the time it was off as one long delay).
    const idleDelay: IntervalHistogram[] = [];
    const busyDelay: IntervalHistogram[] = [];
    const watched = async <T>(into: IntervalHistogram[], work: () => Promise<T>): Promise<T> => {
      const monitor = monitorEventLoopDelay({ resolution: 10 });
      monitor.enable();
      try {
        return await work();
      } finally {
        monitor.disable();
        into.push(monitor);
      }
    };
    const idleRounds: LoadResult[] = [];
    const busyRounds: LoadResult[] = [];
    let cycles = 0;
    let cyclingMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      idleRounds.push(await watched(idleDelay, () => load(list, auth)));
      const cycleStart = performance.now();
      busyRounds.push(
        await watched(busyDelay, () =>
          loadDuring(list, auth, async () => {
            do {
              await cycle();
              cycles++;
            } while (performance.now() - cycleStart < DURATION_S * 1000);
          }),
        ),
      );
      cyclingMs += performance.now() - cycleStart;
    }
    const cycleMs = cyclingMs / cycles;
    const idle = mediansOf(idleRounds);
    const busy = mediansOf(busyRounds);
    const rounds = (loads: LoadResult[]) => loads.map((r) => r.p99).join(', ');
    // The rounds' median p99 and their largest delay, in ms.
    const p99Of = (hs: IntervalHistogram[]) =>
      `${(median(hs.map((h) => h.percentile(99))) / 1e6).toFixed(0)} ms`;
    const maxOf = (hs: IntervalHistogram[]) => `${(Math.max(...hs.map((h) => h.max)) / 1e6).toFixed(0)} ms`;

    // One more cycle, watched by 1,000 sockets; its events go out once the burst has settled.
    await new Promise((r) => setTimeout(r, 2_500));
    clients = await connectClients(url);
    const published: { payload: Record<string, unknown>; at: number }[] = [];
    const stop = services.bus.subscribe((message) => {
      if (isBusEvent(message, 'heatmap_update'))
        published.push({ payload: message.payload, at: performance.now() });
    });
    await cycle();
    await new Promise((r) => setTimeout(r, 2_500));
    stop();
    if (published.length === 0) throw new Error('the cycle published no heatmap_update');
    await clients.allHave(published.length);
    const appLatency = published.map((p, j) => Math.max(...clients!.arrivals.map((a) => a[j]!)) - p.at);
    clients.close();
    clients = undefined;
    const bareLatency = await bareBroadcast(published.map((p) => p.payload));

    const bytes = published.reduce((total, p) => total + Buffer.byteLength(JSON.stringify(p.payload)), 0);
    const pairs = new Set(published.flatMap((p) => Object.keys(p.payload)));
    const wholeBytes = [...pairs].reduce(
      (total, pair) => total + Buffer.byteLength(JSON.stringify({ [pair]: t.app.heatMap.get(pair) })),
      0,
    );
    return [
      {
        name: `GET /api/offers?limit=20, idle (${DB_KIND}, ROLE=all)`,
        value: fmt.rps(idle),
        detail: `medians of ${ROUNDS} rounds: ${fmt.p99(idle)} (rounds ${rounds(idleRounds)} ms)`,
      },
      {
        name: 'same, during analysis cycles + backtests',
        value: fmt.rps(busy),
        detail: `median: ${fmt.p99(busy)} (rounds ${rounds(busyRounds)} ms), ${busy.timeouts} timeouts; ${cycles} cycle(s) of 12 pairs, ${(cycleMs / 1000).toFixed(1)} s each (cold first ${(coldMs / 1000).toFixed(0)} s)`,
      },
      {
        name: 'offers p99 busy vs idle',
        value: fmt.ratio(busy.p99, idle.p99),
        detail: `medians of ${ROUNDS} alternating rounds; target ≤ ×1.5`,
      },
      {
        name: 'HTTP thread event-loop delay, busy',
        value: `p99 ${p99Of(busyDelay)}`,
        detail: `max ${maxOf(busyDelay)}; idle p99 ${p99Of(idleDelay)}, max ${maxOf(idleDelay)} (medians of the rounds' p99)`,
      },
      {
        name: `heatmap_update of one cycle → ${CLIENTS} sockets`,
        value: `last arrival ${sum(appLatency).toFixed(0)} ms`,
        detail: `bare socket.io, same payload: ${sum(bareLatency).toFixed(0)} ms → ${fmt.ratio(sum(appLatency), sum(bareLatency))} (target ≤ ×1.5)`,
      },
      {
        name: 'heatmap_update bytes per client per cycle',
        value: fmt.bytes(bytes),
        detail: `${published.length} event(s), ${pairs.size} pairs changed; whole entries would be ${fmt.bytes(wholeBytes)}`,
      },
    ];
  } finally {
    clients?.close();
    await t.close();
  }
}
