import { sql } from 'drizzle-orm';
import type { BenchRow } from './table';
import { DB_KIND, fmt } from './load';
import { seedPair } from '../src/server/modules/offers/testing/market-fixtures';
import { createTestAppWithUsers } from '../src/server/testing/test-app';
import { median } from './stats';

const RUNS = Number(process.env.BENCH_LIST_RUNS ?? 15);
const LARGE = 1_000_000;
const SMALL = 1_000;
const PAIRS = 20;
const PAGE_SIZE = 50;
const TARGET_MS = 50;
const WARM_UP = 5;

/**
 * GET /api/admin/ticker-logs (default 30 days, 50 a page) on 1,000,000 ticker rows, page 1 and page
 * 1,000, against the same calls on a 1,000-row table started in the same run: median of RUNS calls
 * each through app.inject, target under 50 ms.
 */
export async function benchAdminLists(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const small = await measure(SMALL, [1, SMALL / PAGE_SIZE]);
  const large = await measure(LARGE, [1, 1_000]);
  for (const [i, page] of [1, 1_000].entries()) {
    const base = small.ms[i]!;
    const ms = large.ms[i]!;
    rows.push({
      name: `admin ticker logs, page ${page} of ${LARGE.toLocaleString('en')} rows (${DB_KIND})`,
      value: `${ms.toFixed(1)} ms`,
      detail: `target < ${TARGET_MS} ms ${ms < TARGET_MS ? 'met' : 'MISSED'}; ${fmt.ratio(ms, base)} vs ${SMALL.toLocaleString('en')} rows (${base.toFixed(1)} ms, page ${small.pages[i]})`,
    });
  }
  rows.push({
    name: `  seeding ${LARGE.toLocaleString('en')} ticker rows`,
    value: `${large.seedS.toFixed(1)} s`,
    detail: 'INSERT … SELECT generate_series',
  });
  return rows;
}

async function measure(count: number, pages: number[]) {
  const { t, admin } = await createTestAppWithUsers();
  try {
    const pairIds: number[] = [];
    for (let i = 0; i < PAIRS; i++) pairIds.push(await seedPair(t.db, `B${i}/USD`));
    const seeded = performance.now();
    // Spread over the last 20 days, so every row is in the default 30-day range (the worst case).
    const stepMs = Math.floor((20 * 86_400_000) / count);
    await t.db.execute(sql`
      insert into ticker_logs (pair_id, price, volume, percentage, timestamp)
      select ${pairIds[0]!}::int + g % ${PAIRS}, 100 + (g % 1000) / 7.0, g % 5000, (g % 200) / 10.0 - 10,
             now() - make_interval(secs => g * ${stepMs / 1000}::float8)
      from generate_series(1, ${count}) g`);
    await t.db.execute(sql`analyze ticker_logs`);
    const seedS = (performance.now() - seeded) / 1000;
    const ms: number[] = [];
    for (const page of pages) {
      const url = `/api/admin/ticker-logs?page=${page}&pageSize=${PAGE_SIZE}`;
      const times: number[] = [];
      for (let run = 0; run < RUNS + WARM_UP; run++) {
        const start = performance.now();
        const res = await t.app.inject({ method: 'GET', url, headers: admin.auth });
        const elapsed = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
        const body = res.json<{ records: unknown[]; total: number }>();
        if (body.total !== count || body.records.length !== PAGE_SIZE)
          throw new Error(`${url}: total ${body.total}, ${body.records.length} records`);
        // The first calls warm the JIT and the caches.
        if (run >= WARM_UP) times.push(elapsed);
      }
      ms.push(median(times));
    }
    return { ms, pages, seedS };
  } finally {
    await t.close();
  }
}
