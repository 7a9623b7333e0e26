import autocannon from 'autocannon';

/** Each load's length in seconds (BENCH_SECONDS). */
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
export const CONNECTIONS = 50;
/** PGlite unless DATABASE_URL names a PostgreSQL server (the bench then makes its own databases). */
export const DB_KIND = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

export interface LoadResult {
  rps: number;
  p99: number;
  /** Requests that got no answer within 30 s. */
  timeouts: number;
}

/** `aborted`: requests in flight when the load was stopped, which autocannon counts as errors. */
function check(url: string, result: autocannon.Result, aborted = 0): LoadResult {
  if (result.non2xx > 0 || result.errors - result.timeouts > aborted)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { rps: result.requests.average, p99: result.latency.p99, timeouts: result.timeouts };
}

/** 50 connections for BENCH_SECONDS, after a one-second warm-up (JIT, prepared statements, caches). */
export async function load(url: string, headers: Record<string, string> = {}): Promise<LoadResult> {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 1 });
  return check(url, await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S }));
}

/** 50 connections for as long as `during` runs (at least one second). */
export async function loadDuring(
  url: string,
  headers: Record<string, string>,
  during: () => Promise<void>,
): Promise<LoadResult> {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      { url, headers, connections: CONNECTIONS, duration: 3600, timeout: 30 },
      (error, result) => (error ? reject(error as Error) : resolve(result)),
    );
  });
  await Promise.all([during(), new Promise((r) => setTimeout(r, 1000))]);
  instance?.stop();
  return check(url, await done, CONNECTIONS);
}

export const fmt = {
  rps: (r: LoadResult) => `${r.rps.toFixed(0)} req/s`,
  p99: (r: LoadResult) => `p99 ${r.p99} ms`,
  pct: (a: number, b: number) => `${((a / b) * 100).toFixed(0)} %`,
  ratio: (a: number, b: number) => `×${(a / Math.max(b, 1)).toFixed(2)}`,
  bytes: (n: number) => (n >= 1e6 ? `${(n / 1e6).toFixed(2)} MB` : `${(n / 1e3).toFixed(1)} KB`),
};
