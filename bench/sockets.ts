import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';

export const CLIENTS = Number(process.env.BENCH_SOCKETS ?? 1000);

/** `count` socket.io clients on `url` (websocket transport), each noting when heatmap_update arrives. */
export async function connectClients(url: string, count = CLIENTS) {
  const sockets: Socket[] = [];
  const arrivals: number[][] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Array.from({ length: Math.min(100, count - i) }, (_, k) => {
      const socket = connect(url, { transports: ['websocket'], reconnection: false, forceNew: true });
      const mine: number[] = [];
      arrivals[i + k] = mine;
      socket.on('heatmap_update', () => mine.push(performance.now()));
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return {
    arrivals,
    /** Resolves when every client has `n` arrivals (or rejects after `timeoutMs`). */
    async allHave(n: number, timeoutMs = 30_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (arrivals.some((a) => a.length < n)) {
        if (Date.now() > deadline) throw new Error(`not every client got ${n} heatmap_update(s)`);
        await new Promise((r) => setTimeout(r, 2));
      }
    },
    close: () => sockets.forEach((s) => s.close()),
  };
}

/** A bare socket.io server broadcasting each payload to `count` clients: ms from emit to last arrival. */
export async function bareBroadcast(payloads: unknown[], count = CLIENTS): Promise<number[]> {
  const http = createServer();
  const io = new Server(http, { path: '/socket.io', serveClient: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const clients = await connectClients(url, count);
  try {
    const latencies: number[] = [];
    for (const [j, payload] of payloads.entries()) {
      const sent = performance.now();
      io.emit('heatmap_update', payload);
      await clients.allHave(j + 1);
      latencies.push(Math.max(...clients.arrivals.map((a) => a[j] ?? Infinity)) - sent);
    }
    return latencies;
  } finally {
    clients.close();
    await io.close();
  }
}
