import { Agent, request } from 'node:http';
import type { BenchRow } from './table';
import {
  seedAnalysis,
  seedOffer,
  seedPair,
  seedTrigger,
} from '../src/server/modules/offers/testing/market-fixtures';
import { createTestApp } from '../src/server/testing/test-app';
import { median } from './stats';

const PAIRS = 200;
const RUNS = Number(process.env.BENCH_HEATMAP_RUNS ?? 100);
const URL_PATH = '/api/offers/heat-map?timeRange=30d';

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;

/** Bytes on the wire (the body as sent, compressed or not). */
function get(agent: Agent, url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        res.statusCode === 200 ? resolve(bytes) : reject(new Error(`status ${res.statusCode}`)),
      );
    })
      .on('error', reject)
      .end();
  });
}

/**
 * GET /api/offers/heat-map over 200 pairs with a full 12 h price and volume history each (the
 * landing page's call, anonymous): median latency through app.inject and over real HTTP, and the
 * bytes on the wire with and without the histories (`histories=none`, callers that draw no chart).
 */
export async function benchHeatMap(): Promise<BenchRow[]> {
  const t = await createTestApp();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const now = Date.now();
    for (let i = 0; i < PAIRS; i++) {
      const pair = `C${String(i).padStart(3, '0')}/USD`;
      const pairId = await seedPair(t.db, pair);
      const analysisId = await seedAnalysis(t.db, {
        pair,
        pairId,
        completedAt: new Date(now - (i % 48) * 3_600_000),
        heatScore: (i * 37) % 100,
        successRate: 40 + ((i * 13) % 50),
        progrevScore: ((i * 7) % 100) / 100,
        trend: (['bullish', 'bearish', 'neutral'] as const)[i % 3],
        risk: (['low', 'medium', 'high'] as const)[i % 3],
      });
      if (i % 3 === 0) await seedOffer(t.db, { pairId, analysisId, status: i % 2 ? 'hot' : 'open' });
      if (i % 5 === 0)
        await seedTrigger(t.db, { symbol: pair, type: 'breakout', lastFiredAt: new Date(now - 3_600_000) });
    }
    await t.app.heatMap.reload();

    const injectMs: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      const res = await t.app.inject({ method: 'GET', url: URL_PATH });
      injectMs.push(performance.now() - start);
      if (res.statusCode !== 200) throw new Error(`heat map answered ${res.statusCode}`);
      bytes = res.rawPayload.length;
    }

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const httpMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await get(agent, `${base}${URL_PATH}`);
      httpMs.push(performance.now() - start);
    }
    const leanPath = `${URL_PATH}&histories=none`;
    const leanGzipBytes = await get(agent, `${base}${leanPath}`, { 'accept-encoding': 'gzip' });
    const leanPlainBytes = await get(agent, `${base}${leanPath}`);
    const gzipBytes = await get(agent, `${base}${URL_PATH}`, { 'accept-encoding': 'gzip' });
    const plainBytes = await get(agent, `${base}${URL_PATH}`);
    const zippedMs: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now();
      await get(agent, `${base}${URL_PATH}`, { 'accept-encoding': 'gzip' });
      zippedMs.push(performance.now() - start);
    }
    const detail = (ms: number[]) =>
      `p95 ${p95(ms).toFixed(1)} ms, ${RUNS} runs, ${(bytes / 1e6).toFixed(2)} MB body`;
    return [
      {
        name: `GET /api/offers/heat-map, ${PAIRS} pairs (inject)`,
        value: `median ${median(injectMs).toFixed(1)} ms`,
        detail: detail(injectMs),
      },
      {
        name: `GET /api/offers/heat-map, ${PAIRS} pairs (HTTP)`,
        value: `median ${median(httpMs).toFixed(1)} ms`,
        detail: detail(httpMs),
      },
      {
        name: `heat map ${PAIRS} pairs on the wire, gzip`,
        value: `${(gzipBytes / 1e3).toFixed(0)} KB`,
        detail: `uncompressed ${(plainBytes / 1e3).toFixed(0)} KB (${((gzipBytes / plainBytes) * 100).toFixed(0)} %); median ${median(zippedMs).toFixed(1)} ms gzipped (target ≤ 150 KB)`,
      },
      {
        name: `heat map ${PAIRS} pairs, histories=none, gzip`,
        value: `${(leanGzipBytes / 1e3).toFixed(1)} KB`,
        detail: `uncompressed ${(leanPlainBytes / 1e3).toFixed(0)} KB; ${((leanGzipBytes / gzipBytes) * 100).toFixed(0)} % of the map with histories (target ≤ 30 KB)`,
      },
    ];
  } finally {
    agent.destroy();
    await t.close();
  }
}
