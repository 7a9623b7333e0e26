import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { openBrowser } from '../e2e/support/browser';
import { startDedicatedServer } from '../e2e/support/dedicated-server';
import { fakeLiveSocket, heatmapPage, serveHeatMap, spreadEntries } from '../e2e/support/heatmap-pages';
import { signUpTrader } from '../e2e/support/money-pages';
import type { BenchRow } from './table';

/** Trader spec budget: filtering 500 pairs applies in at most 50 ms. */
const BUDGET_MS = 50;
const RUNS = Number(process.env.BENCH_HEATMAP_SCREEN_RUNS ?? 15);
const WARM_UP = 2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

interface Timing {
  /** The table's DOM holds exactly the filtered rows. */
  rows: number;
  /** The frame that paints them starts (its animation-frame callbacks; style, layout, paint follow). */
  frame: number;
  /** The next task after that frame: the main thread is free again (work queued meanwhile, such as
   * parsing the server's confirming answer, is counted in). */
  settled: number;
}

/**
 * In the page: picks `value` in the Trend select as a user would (a change event) and times until
 * the table holds `expected` rows, then until the next frame is on screen. No Playwright round
 * trip sits inside the measured span.
 */
async function timeTrendChange(page: Page, value: string, expected: number): Promise<Timing> {
  const selectId = await heatmapPage.control(page, 'Trend').getAttribute('id');
  return page.evaluate(
    ({ selectId, value, expected }) =>
      new Promise<Timing>((resolve, reject) => {
        // Runs in the page (this project's bench and e2e code has no DOM types).
        interface Node {
          value: string;
          dispatchEvent(event: unknown): void;
        }
        const dom = globalThis as unknown as {
          document: {
            getElementById(id: string): Node | null;
            querySelector(selector: string): Node | null;
            querySelectorAll(selector: string): { length: number };
          };
          Event: new (type: string, init: { bubbles: boolean }) => unknown;
          MutationObserver: new (callback: () => void) => {
            observe(target: unknown, options: object): void;
            disconnect(): void;
          };
          requestAnimationFrame(callback: () => void): void;
        };
        const select = dom.document.getElementById(selectId ?? '');
        const table = dom.document.querySelector('table');
        if (!select || !table) return reject(new Error('heat map screen not ready'));
        const start = performance.now();
        const observer = new dom.MutationObserver(() => {
          // Inline on purpose: tsx names a function held in a const with a helper the page lacks.
          if (dom.document.querySelectorAll('table tbody th[scope="row"]').length !== expected) return;
          observer.disconnect();
          const rows = performance.now() - start;
          dom.requestAnimationFrame(() => {
            const frame = performance.now() - start;
            setTimeout(() => resolve({ rows, frame, settled: performance.now() - start }));
          });
        });
        observer.observe(table, { childList: true, subtree: true });
        select.value = value;
        select.dispatchEvent(new dom.Event('change', { bubbles: true }));
      }),
    { selectId, value, expected },
  );
}

interface ScreenFigures {
  narrow: Timing[];
  widen: Timing[];
}

async function measure(page: Page, baseUrl: string, pairs: number): Promise<ScreenFigures> {
  const entries = spreadEntries(pairs, Date.now());
  const bullish = entries.filter((e) => e.refereeTrend === 'bullish').length;
  const queries = await serveHeatMap(page, () => entries);
  await page.goto(`${baseUrl}/heatmap`);
  await page
    .locator('table tbody th[scope="row"]')
    .nth(pairs - 1)
    .waitFor();
  const figures: ScreenFigures = { narrow: [], widen: [] };
  for (let run = 0; run < WARM_UP + RUNS; run += 1) {
    // Narrowing (every pair → bullish) and widening back (→ every pair: the server's rows are needed).
    const narrow = await timeTrendChange(page, 'bullish', bullish);
    await page.waitForLoadState('networkidle');
    const widen = await timeTrendChange(page, '', pairs);
    await page.waitForLoadState('networkidle');
    if (run >= WARM_UP) {
      figures.narrow.push(narrow);
      figures.widen.push(widen);
    }
  }
  if (!queries.some((q) => q.get('trend') === 'bullish'))
    throw new Error('the trend filter never reached the server');
  await page.unrouteAll();
  return figures;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

function rows(label: string, pairs: number, figures: ScreenFigures, judged: boolean): BenchRow[] {
  const row = (name: string, timings: Timing[], note: string): BenchRow => {
    const frame = median(timings.map((t) => t.frame));
    const verdict = judged ? (frame <= BUDGET_MS ? ' PASS' : ' FAIL') : '';
    return {
      name: `heat map screen ${pairs} pairs: trend filter, ${name}`,
      value: `median ${ms(frame)}${verdict}`,
      detail:
        `rows in the DOM ${ms(median(timings.map((t) => t.rows)))}, main thread free ` +
        `${ms(median(timings.map((t) => t.settled)))}; ${RUNS} runs, ${label}` +
        (judged ? `, budget ${BUDGET_MS} ms` : '') +
        note,
    };
  };
  return [
    row('narrowing', figures.narrow, ''),
    row('widening', figures.widen, '; the wider answer is cached from the run before and refetched'),
  ];
}

/**
 * The heat map screen in the production build, on the real server, in headless Chromium, signed
 * in: the time from picking a trend to the frame that paints the filtered rows, with the
 * heat map answered from 500 fixture pairs (12 h histories, as the server sends) by the server's
 * own filter rules; the same with 10 pairs as the baseline.
 */
export async function benchHeatmapScreen(): Promise<BenchRow[]> {
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('web build failed');
  const server = await startDedicatedServer();
  const browser = await openBrowser();
  try {
    await signUpTrader(browser.page, server.baseUrl, 'Bench Heatmap');
    // The real market's live changes would add pairs to the counted rows mid-run.
    await fakeLiveSocket(browser.page);
    const baseline = await measure(browser.page, server.baseUrl, 10);
    const full = await measure(browser.page, server.baseUrl, 500);
    const result = [...rows('baseline', 10, baseline, false), ...rows('against the budget', 500, full, true)];
    for (const row of result) console.log(`${row.name}: ${row.value} (${row.detail})`);
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}
