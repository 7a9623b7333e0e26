import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startDedicatedServer } from '../e2e/support/dedicated-server';
import { waitForHeatSummary } from '../e2e/support/landing-pages';
import { fmt } from './load';
import type { BenchRow } from './table';
import { measureFirstLoad, measureLcp, median } from './web-measure';

/**
 * The landing page's budgets (issue #8): its first load of JavaScript and CSS at most 150 KB
 * gzipped, and its Largest Contentful Paint on localhost within 1 s (median of 5 cold loads).
 * The production build is served by the real server (its own port and data folder, a simulated
 * market); the baseline, started in the same run, is a static 1 KB HTML page from that server.
 */
export const INITIAL_BUDGET_BYTES = 150_000;
export const LCP_BUDGET_MS = 1_000;
const COLD_LOADS = 5;

const WEB_DIR = path.resolve(import.meta.dirname, '../dist/web');
const BASELINE_FILE = 'bench-baseline.html';
const BASELINE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="UTF-8" /><title>Baseline</title></head>
<body><h1>HeatSignal baseline</h1><p>${'A static page of about one kilobyte, with no script and no style. '.repeat(13)}</p></body></html>
`;

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');

function build(): void {
  // NODE_ENV=production: under a test runner Vite would otherwise emit a development React build.
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('web build failed');
}

export async function benchLanding(): Promise<BenchRow[]> {
  build();
  // The static file router is set up at start-up, from the files present then.
  const baselinePath = path.join(WEB_DIR, BASELINE_FILE);
  writeFileSync(baselinePath, BASELINE_HTML);
  const server = await startDedicatedServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    // Measured on the landing as visitors see it, with its charts, once start-up work has settled.
    const charted = await waitForHeatSummary(server.baseUrl, 3, 120_000).then(
      () => true,
      () => false,
    );
    const indexHtml = readFileSync(path.join(WEB_DIR, 'index.html'), 'utf8');
    const landingUrl = `${server.baseUrl}/`;
    const first = await measureFirstLoad(browser, landingUrl, indexHtml);

    const landing = [];
    const baseline = [];
    for (let i = 0; i < COLD_LOADS; i += 1) {
      baseline.push(await measureLcp(browser, `${server.baseUrl}/${BASELINE_FILE}`));
      landing.push(await measureLcp(browser, landingUrl));
    }
    const lcp = median(landing.map((l) => l.ms));
    const baseLcp = median(baseline.map((l) => l.ms));
    const lazy = first.lazyBeforeLoad.length ? `; lazy before load: ${first.lazyBeforeLoad.join(', ')}` : '';
    return [
      {
        name: 'landing first load, JS + CSS gzip',
        value: `${fmt.bytes(first.initialGzip)} ${verdict(first.initialGzip <= INITIAL_BUDGET_BYTES)}`,
        detail: `budget ${fmt.bytes(INITIAL_BUDGET_BYTES)}; ${first.initialFiles} files${lazy}`,
      },
      {
        name: `landing LCP, median of ${COLD_LOADS} cold loads`,
        value: `${lcp.toFixed(0)} ms ${verdict(lcp <= LCP_BUDGET_MS)}`,
        detail: `budget ${LCP_BUDGET_MS} ms; ${fmt.ratio(lcp, baseLcp)} the static 1 KB page (${baseLcp.toFixed(0)} ms); LCP element ${landing.at(-1)?.element ?? '?'}${charted ? '' : '; heat summary still empty'}`,
      },
    ];
  } finally {
    await browser.close();
    await server.stop();
    rmSync(baselinePath, { force: true });
  }
}
