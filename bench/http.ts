import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { BenchRow } from './table';
import { createTestApp, signUp } from '../src/server/testing/test-app';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** Authenticated GET /api/me against a bare Fastify hello-world, both on loopback in this process. */
export async function benchHttp(): Promise<BenchRow[]> {
  const bare = Fastify();
  bare.get('/', async () => ({ hello: 'world' }));
  const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

  const t = await createTestApp();
  const user = await signUp(t.app, 'Bench');
  const appUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });

  try {
    const hello = await load(bareUrl);
    const me = await load(`${appUrl}/api/me`, { authorization: `Bearer ${user.token}` });
    return [
      {
        name: 'bare Fastify hello-world',
        value: `${hello.rps.toFixed(0)} req/s`,
        detail: `p99 ${hello.p99} ms`,
      },
      {
        name: 'GET /api/me (bearer, PGlite)',
        value: `${me.rps.toFixed(0)} req/s`,
        detail: `p99 ${me.p99} ms`,
      },
      {
        name: '/api/me vs hello-world',
        value: `${((me.rps / hello.rps) * 100).toFixed(1)} % of req/s`,
        detail: `p99 ×${(me.p99 / Math.max(hello.p99, 1)).toFixed(1)}`,
      },
    ];
  } finally {
    await bare.close();
    await t.close();
  }
}
