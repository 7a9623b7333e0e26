import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { VERIFIER_PATH } from '../src/server/modules/track-record/testing/verifier';
import { createTestApp } from '../src/server/testing/test-app';
import { DB_KIND, fmt } from './load';
import type { BenchRow } from './table';

const LARGE = 100_000;
const SMALL = 1_000;
const SAMPLE_MS = 10;

/**
 * GET /api/track-record/export of 100,000 entries over real HTTP (inject would buffer the whole
 * body), streamed to a file, against the same export of 1,000 entries started in the same run:
 * the time, and the server process's peak RSS above what it held before the export. A bounded
 * stream holds about as much for 100,000 entries as for 1,000. Then the standalone verifier on the
 * 100,000-entry file, as a visitor runs it.
 */
export async function benchTrackRecord(): Promise<BenchRow[]> {
  const small = await measure(SMALL);
  const large = await measure(LARGE);
  return [
    {
      name: `track record export, ${LARGE.toLocaleString('en')} entries (${DB_KIND})`,
      value: `${(large.ms / 1000).toFixed(2)} s`,
      detail: `${fmt.bytes(large.bytes)}; ${fmt.ratio(large.ms, small.ms)} the time of ${SMALL.toLocaleString('en')} entries (${small.ms.toFixed(0)} ms) for ×${LARGE / SMALL} the entries`,
    },
    {
      name: '  peak RSS above the start, during the export',
      value: fmt.bytes(large.peakRssGrowth),
      detail: `${fmt.ratio(large.peakRssGrowth, small.peakRssGrowth)} of the ${SMALL.toLocaleString('en')}-entry export's ${fmt.bytes(small.peakRssGrowth)} (bounded: about ×1)`,
    },
    {
      name: `  node verify-track-record.mjs on the file`,
      value: `${(large.verifyMs / 1000).toFixed(2)} s`,
      detail: large.verified,
    },
    {
      name: `  seeding ${LARGE.toLocaleString('en')} entries`,
      value: `${(large.seedMs / 1000).toFixed(1)} s`,
      detail: 'track_record_append in one statement',
    },
  ];
}

async function measure(count: number) {
  const t = await createTestApp();
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-track-record-'));
  try {
    const seeded = performance.now();
    // Offer commitments the size of real ones (keys in canonical order), appended as the app does.
    await t.db.execute(sql`
      select track_record_append(
        '{"bypass":false,"dataCutoff":"2026-11-20T23:59:59.999Z","engineVersion":"bench","entryAt":"2026-11-21T00:00:00.000Z",' ||
        '"entryPrice":"' || (100 + g % 997) || '.25","expectedProfitPercent":0.8,"family":"ts-trend","feePercent":0.52,' ||
        '"gate":{"decidedAt":"2026-11-20T23:00:00.000Z","deflatedSharpe":0.97,"lowerBoundPercent":0.2,"pbo":0.1,"tStat":2.4,"trades":120,"trials":40,"variant":"ts-trend-v1"},' ||
        '"horizonMinutes":1500,"kind":"offer","offerId":"' || gen_random_uuid() || '","pair":"BTC/USD","positionType":"long",' ||
        '"publishedAt":"2026-11-21T00:00:00.000Z","riskLevel":"medium","side":"buy","stopLossPercent":null,"successRate":60,"takeProfitPercent":null}')
      from generate_series(1, ${count}) as g`);
    const seedMs = performance.now() - seeded;
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    global.gc?.();
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), SAMPLE_MS);
    const file = path.join(dir, 'export.jsonl');
    const started = performance.now();
    const res = await fetch(`${base}/api/track-record/export`);
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const body = Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>);
    await pipeline(body, counter, createWriteStream(file));
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage.rss());
    const verifyStarted = performance.now();
    const run = spawnSync(process.execPath, [VERIFIER_PATH, file], { encoding: 'utf8' });
    const verifyMs = performance.now() - verifyStarted;
    const verified = `${run.stdout}${run.stderr}`.trim();
    if (run.status !== 0) throw new Error(`the verifier refused the export: ${verified}`);
    return { ms, bytes, peakRssGrowth: peak - before, seedMs, verifyMs, verified };
  } finally {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  }
}
