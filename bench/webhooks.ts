import { randomUUID } from 'node:crypto';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { user, webhookDeliveries } from '../src/server/db/schema';
import { seedOffer, seedPair } from '../src/server/modules/offers/testing/market-fixtures';
import { isBusEvent } from '../src/server/realtime/event-bus';
import { createTestApp } from '../src/server/testing/test-app';
import { fmt } from './load';
import { median } from './stats';
import type { BenchRow } from './table';

const ENDPOINTS = 100;
const RUNS = Number(process.env.BENCH_WEBHOOK_RUNS ?? 10);
/** Between two offers, so that the sender's hanging requests overlap the next publication. */
const GAP_MS = 1_500;

/** A port that accepts every connection and never answers: each request to it hangs to its timeout. */
async function startDeadServer() {
  const sockets = new Set<Socket>();
  let accepted = 0;
  const server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    socket.resume(); // reads (and drops) the request, so a client's hang-up is seen
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    accepted: () => accepted,
    hanging: () => sockets.size,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A new offer's fan-out with 100 dead webhook endpoints against none: the time from its
 * publication (`offers_changed`, as the analysis pipeline announces it) to its `new_offer` on the
 * bus that feeds the traders' sockets, RUNS offers each, matching all 100 traders. In the second
 * phase each of the 100 traders has an endpoint on a port that accepts and never answers, and the
 * sending loop runs as the worker runs it (every second), so its requests hang for their 10 s
 * timeout throughout: the fan-out must not notice.
 */
export async function benchWebhooks(): Promise<BenchRow[]> {
  const t = await createTestApp({ env: { ALLOW_PRIVATE_FEEDS: 'true' } });
  const dead = await startDeadServer();
  let sending = false;
  let sendLoop: Promise<void> = Promise.resolve();
  try {
    const traders = Array.from({ length: ENDPOINTS }, (_, i) => ({
      id: randomUUID(),
      name: `Bench trader ${i}`,
      email: `bench-webhooks-${i}@example.com`,
    }));
    await t.db.insert(user).values(traders);
    const pairIds: number[] = [];
    for (let i = 0; i < 2 * RUNS + 3; i++)
      pairIds.push(await seedPair(t.db, `W${String(i).padStart(2, '0')}/USD`));

    const arrivals = new Map<string, number>();
    const stop = t.app.bus.subscribe((message) => {
      if (isBusEvent(message, 'new_offer')) arrivals.set(message.payload.id, performance.now());
    });
    let next = 0;
    /** Publishes a new offer matching every trader; resolves with its publication-to-new_offer ms. */
    const fanOut = async (): Promise<number> => {
      const offerId = await seedOffer(t.db, {
        pairId: pairIds[next++]!,
        positionType: 'long',
        successRate: 80,
        expectedProfitPercent: 3,
        riskLevel: 'medium',
      });
      const published = performance.now();
      await t.app.events.emit('offers_changed', {
        offerId,
        created: true,
        refreshedIds: [],
        movedEnds: [],
        skippedBecause: null,
      });
      const arrived = arrivals.get(offerId);
      if (arrived === undefined) throw new Error('the offer reached no new_offer');
      await t.app.notifications.settled();
      return arrived - published;
    };
    const phase = async () => {
      const ms: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        ms.push(await fanOut());
        await new Promise((resolve) => setTimeout(resolve, GAP_MS));
      }
      return ms;
    };

    for (let i = 0; i < 3; i++) await fanOut(); // warm-up: statements prepared, caches filled
    const none = await phase();

    for (const trader of traders) {
      await t.app.webhooks.create(trader.id, {
        url: dead.url,
        format: 'heatsignal',
        events: ['offer.created'],
      });
    }
    sending = true;
    sendLoop = (async () => {
      while (sending) {
        await t.app.webhooks.sendDue();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    })();
    const withDead = await phase();
    const hangingAtEnd = dead.hanging();
    stop();
    const [queued] = await t.db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries);

    const list = (ms: number[]) => ms.map((v) => v.toFixed(1)).join(', ');
    return [
      {
        name: `offer fan-out with ${ENDPOINTS} dead webhook endpoints vs none, ${RUNS} offers`,
        value: fmt.ratio(median(withDead), median(none)),
        detail:
          `publication → new_offer: ${ENDPOINTS} dead endpoints ${list(withDead)} ms (median ${median(withDead).toFixed(1)}), ` +
          `none ${list(none)} ms (median ${median(none).toFixed(1)}); ${queued?.n ?? 0} deliveries queued, ` +
          `${dead.accepted()} requests to the dead port, ${hangingAtEnd} hanging at the end (ratio of medians; target ≤ ×1.5)`,
      },
    ];
  } finally {
    sending = false;
    await dead.close();
    await sendLoop.catch(() => {});
    await t.close();
  }
}
