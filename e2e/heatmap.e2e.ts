import { readFileSync } from 'node:fs';
import type { ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { HeatMapEntry } from '../src/contract/heatmap';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { fakeLiveSocket, fixtureEntry, heatmapPage, serveHeatMap } from './support/heatmap-pages';
import { screenshots } from './support/journey';
import { signUpTrader } from './support/money-pages';
import { waitForToast } from './support/pages';

/*
 * The heat map screen with exact figures: GET /api/offers/heat-map is answered from fixtures by
 * the server's own filter and order rules, and the socket is a stand-in that sends only what a case
 * pushes; sign-up and the pair-details dialog's ticker are the real server's. The last case reads
 * the real server's heat map.
 */

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function fixtures(): HeatMapEntry[] {
  return [
    fixtureEntry('BTC/USD', {
      heatScore: 82,
      status: 'hot',
      successRate: 64,
      progrevScore: 0.41,
      positionType: 'scalp_long',
      refereeTrend: 'bullish',
      refereeRisk: 'high',
      activeTriggers: ['breakout'],
      lastUpdated: ago(1),
    }),
    fixtureEntry('ETH/USD', {
      heatScore: 77,
      successRate: 58,
      progrevScore: 0.72,
      refereeTrend: 'bearish',
      refereeRisk: 'medium',
      lastUpdated: ago(2),
    }),
    fixtureEntry('SOL/USD', {
      heatScore: 63,
      status: 'open',
      successRate: 71,
      progrevScore: 0.55,
      positionType: 'quick_short',
      refereeTrend: 'bearish',
      refereeRisk: 'high',
      aiComments: { summary: '=cmd|calc, a "formula" summary' },
      lastUpdated: ago(3),
    }),
    fixtureEntry('ADA/USD', { heatScore: 51, successRate: 40, progrevScore: 0.9, lastUpdated: ago(40 * 24) }),
    fixtureEntry('XRP/USD', {
      heatScore: 20,
      successRate: 35,
      progrevScore: 0.2,
      refereeRisk: 'low',
      activeTriggers: ['volume_spike'],
      lastUpdated: ago(5),
    }),
  ];
}

describe('the heat map screen in the browser (fixture heat map)', () => {
  const baseUrl = inject('baseUrl');
  const { shot } = screenshots('heatsignal-heatmap');
  let browser: BrowserSession;
  let queries: URLSearchParams[];
  let entries = fixtures();
  let consoleErrors: string[] = [];
  let live: Awaited<ReturnType<typeof fakeLiveSocket>>;
  let answersHeld: Promise<void> | undefined;

  beforeAll(async () => {
    browser = await openBrowser();
    const { page } = browser;
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await signUpTrader(page, baseUrl, 'Hedda Heatmap');
    queries = await serveHeatMap(
      page,
      () => entries,
      Date.now,
      () => answersHeld,
    );
    live = await fakeLiveSocket(page);
  });
  afterAll(async () => browser.close());
  beforeEach(async () => {
    entries = fixtures();
    answersHeld = undefined;
    queries.length = 0;
    consoleErrors = [];
    await browser.page.setViewportSize({ width: 1280, height: 900 });
  });

  it('loads with the default query and shows the pairs by heat, with their bands', async () => {
    const { page } = browser;
    await heatmapPage.open(page, `${baseUrl}/heatmap`);
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['BTC/USD', 'ETH/USD', 'SOL/USD', 'XRP/USD']);
    // The screen draws no price or volume chart: it asks without the histories.
    expect(queries[0]?.toString()).toBe(
      'timeRange=30d&minHeat=0&maxHeat=100&minSuccess=0&maxSuccess=100&minProgrev=0&maxProgrev=1&sortBy=heat_desc&positionType=all&histories=none',
    );
    expect(await heatmapPage.headers(page)).toEqual([
      'Pair',
      'Heat Score',
      'Status',
      'Success Rate',
      'Position Type',
      'Progrev Score',
      'Trend',
      'Risk Level',
      'Active Triggers',
      'Last Updated',
    ]);
    const first = heatmapPage.table(page).locator('tbody tr').first();
    expect((await first.locator('th, td').allInnerTexts()).slice(0, 9)).toEqual([
      'BTC/USD',
      '82.00',
      'Hot',
      '64.00%',
      'Scalp long',
      '0.41',
      'Bullish',
      'High',
      'Breakout',
    ]);
    const rows = heatmapPage.table(page).locator('tbody tr');
    const bands = await rows.evaluateAll((all) =>
      all.map((row) => (row as { dataset: { heatBand: string } }).dataset.heatBand),
    );
    expect(bands).toEqual(['red', 'red', 'orange', 'green']);
    // Hot rows pulse (an edge the compositor fades), the others have a steady orange or green edge.
    const pulse = rows.nth(0).getByTestId('hot-pulse');
    expect(
      await pulse.evaluate((edge: unknown) => {
        const view = globalThis as unknown as { getComputedStyle(e: unknown): { animationName: string } };
        return view.getComputedStyle(edge).animationName;
      }),
    ).toBe('heatmap-hot-pulse');
    expect(await rows.getByTestId('hot-pulse').count()).toBe(2);
    await page.getByRole('img', { name: /Heat map of 4 pairs/ }).waitFor();
    await shot(page, 'heatmap-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('filters the table through every control', async () => {
    const { page } = browser;
    await heatmapPage.open(page, `${baseUrl}/heatmap`);
    await expect.poll(() => heatmapPage.pairs(page)).toHaveLength(4);
    // The held pairs are filtered at once (placeholder data), so the shown rows can change before
    // the screen asks the server: each query is polled for, not read once the rows agree.
    const last = () => queries.at(-1)!;

    await heatmapPage.control(page, 'Trend').selectOption('bearish');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['ETH/USD', 'SOL/USD']);
    await expect.poll(() => last().get('trend')).toBe('bearish');

    await heatmapPage.control(page, 'Risk Level').selectOption('high');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['SOL/USD']);
    await expect.poll(() => last().get('riskLevel')).toBe('high');

    await heatmapPage.control(page, 'Trend').selectOption('');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['BTC/USD', 'SOL/USD']);
    await expect.poll(() => last().has('trend')).toBe(false);

    await heatmapPage.control(page, 'Position Type').selectOption('quick_short');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['SOL/USD']);
    await heatmapPage.control(page, 'Position Type').selectOption('all');
    await heatmapPage.control(page, 'Risk Level').selectOption('');

    await heatmapPage.control(page, 'Active triggers only').check();
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['BTC/USD', 'XRP/USD']);
    await expect.poll(() => last().get('filter')).toBe('active_triggers');
    await heatmapPage.control(page, 'Active triggers only').uncheck();

    await heatmapPage.control(page, 'Sort By').selectOption('progrev_desc');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['ETH/USD', 'SOL/USD', 'BTC/USD', 'XRP/USD']);

    await heatmapPage.control(page, 'Time Range').selectOption('all');
    await expect
      .poll(() => heatmapPage.pairs(page))
      .toEqual(['ADA/USD', 'ETH/USD', 'SOL/USD', 'BTC/USD', 'XRP/USD']);
    await heatmapPage.control(page, 'Sort By').selectOption('heat_desc');

    await heatmapPage.slide(page, 'Min Heat Score', '60');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['BTC/USD', 'ETH/USD', 'SOL/USD']);
    await heatmapPage.slide(page, 'Max Success Rate', '60');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['ETH/USD']);
    await heatmapPage.slide(page, 'Min Progrev Score', '0.8');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual([]);
    // Min above max raises max: 70 > 60 makes the success range 70-70.
    await heatmapPage.slide(page, 'Min Success Rate', '70');
    expect(await heatmapPage.control(page, 'Max Success Rate').inputValue()).toBe('70');
    await expect.poll(() => last().toString()).toContain('minSuccess=70&maxSuccess=70&minProgrev=0.8');

    await page.reload();
    await heatmapPage.control(page, 'Search Pair').fill('eth');
    // The query follows the text only once typing has paused for 300 ms.
    await expect.poll(() => last().get('search')).toBe('eth');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['ETH/USD']);
    expect(consoleErrors).toEqual([]);
  });

  it("merges a live heatmap_update into the filtered, ordered table with 'Heatmap updated'", async () => {
    const { page } = browser;
    await heatmapPage.open(page, `${baseUrl}/heatmap`);
    await expect.poll(() => heatmapPage.pairs(page)).toHaveLength(4);
    // The changed filter's answer is held until the live change has come: the change must survive
    // an answer the server read before it (the held pairs that pass the filter show meanwhile).
    let releaseAnswers = () => undefined as void;
    answersHeld = new Promise((resolve) => (releaseAnswers = resolve));
    await heatmapPage.control(page, 'Risk Level').selectOption('high');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['BTC/USD', 'SOL/USD']);
    const { pair: _pair, refereeRisk: _risk, ...figures } = fixtureEntry('DOT/USD', { heatScore: 70 });
    live.push({
      'SOL/USD': { heatScore: 90 },
      'XRP/USD': { refereeRisk: 'high', heatScore: 10 },
      'DOT/USD': { ...figures, refereeRisk: 'high' },
      'ETH/USD': { refereeRisk: 'low' },
    });
    await waitForToast(page, 'Heatmap updated');
    answersHeld = undefined;
    releaseAnswers();
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['SOL/USD', 'BTC/USD', 'DOT/USD']);
    const sol = heatmapPage.table(page).locator('tbody tr').first();
    expect((await sol.locator('th, td').allInnerTexts()).slice(0, 2)).toEqual(['SOL/USD', '90.00']);
    expect(consoleErrors).toEqual([]);
  });

  it('says so when nothing matches', async () => {
    const { page } = browser;
    await heatmapPage.open(page, `${baseUrl}/heatmap`);
    await heatmapPage.control(page, 'Search Pair').fill('ZZZ');
    await heatmapPage.table(page).getByText('No data available for the selected filters.').waitFor();
    expect(await heatmapPage.pairs(page)).toEqual([]);
    expect(await page.getByRole('heading', { name: 'Market Heat Map' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('opens a pair from ?pair= with the search set, from the table and from its tile', async () => {
    const { page } = browser;
    await heatmapPage.open(page, `${baseUrl}/heatmap?pair=BTC/USD`);
    const dialog = page.getByRole('dialog', { name: 'Pair Details: BTC/USD' });
    await dialog.waitFor();
    expect(await heatmapPage.control(page, 'Search Pair').inputValue()).toBe('BTC/USD');
    await expect.poll(() => queries[0]?.get('search')).toBe('BTC/USD');
    await dialog.locator('dl, [role="alert"]').first().waitFor();
    await shot(page, 'heatmap-pair-dialog');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(['BTC/USD']);

    await heatmapPage.table(page).getByRole('button', { name: 'BTC/USD' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // One pair left: its tile fills the map, so the map's centre is that tile.
    const map = page.getByRole('img', { name: /Heat map of 1 pairs/ });
    await map.waitFor();
    await page.waitForTimeout(300); // the treemap's entry animation
    await map.click();
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(consoleErrors).toEqual([]);
  });

  it("'Export Heatmap' downloads the shown pairs as CSV with the spec's columns", async () => {
    const { page } = browser;
    await heatmapPage.open(page, `${baseUrl}/heatmap`);
    await expect.poll(() => heatmapPage.pairs(page)).toHaveLength(4);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Heatmap' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^heatmap-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv$/);
    await waitForToast(page, 'Heatmap exported successfully');
    const lines = readFileSync(await file.path(), 'utf8')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'pair,heatScore,status,successRate,positionType,progrevScore,refereeTrend,refereeRisk,activeTriggers,aiComments,lastUpdated',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([
      'BTC/USD',
      'ETH/USD',
      'SOL/USD',
      'XRP/USD',
    ]);
    expect(lines[3]).toContain(`"'=cmd|calc, a ""formula"" summary"`);
    expect(consoleErrors).toEqual([]);
  });

  it('fits a 390 px screen: the page does not scroll sideways, the table scrolls in its box', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await heatmapPage.open(page, `${baseUrl}/heatmap`);
    await expect.poll(() => heatmapPage.pairs(page)).toHaveLength(4);
    await page.getByRole('img', { name: /Heat map of 4 pairs/ }).waitFor();
    const widths = await page.evaluate(() => {
      const root = (
        globalThis as unknown as {
          document: { documentElement: { scrollWidth: number; clientWidth: number } };
        }
      ).document.documentElement;
      return { scroll: root.scrollWidth, client: root.clientWidth };
    });
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const box = page.getByRole('region', { name: 'Heatmap pairs' });
    const overflow = await box.evaluate((el: unknown) => {
      const e = el as { scrollWidth: number; clientWidth: number };
      return e.scrollWidth > e.clientWidth;
    });
    expect(overflow).toBe(true);
    await shot(page, 'heatmap-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it("shows 'Failed to fetch heatmap' when the call fails without a reason", async () => {
    const { page } = browser;
    await page.route(
      (url) => url.pathname === '/api/offers/heat-map',
      (route) => route.fulfill({ status: 503, body: '' }),
    );
    try {
      await heatmapPage.open(page, `${baseUrl}/heatmap`);
      const panel = page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
      await panel.waitFor();
      expect(await panel.innerText()).toMatch(/^Failed to fetch heatmap\s+Retry$/);
      await waitForToast(page, 'Failed to fetch heatmap');
    } finally {
      await page.unroute((url) => url.pathname === '/api/offers/heat-map');
      queries = await serveHeatMap(page, () => entries);
    }
  });
});

describe('the heat map screen on the real server', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openBrowser();
    await signUpTrader(browser.page, baseUrl, 'Rhea Realmap');
  });
  afterAll(async () => browser.close());

  it("shows exactly the pairs the server's heat map holds", async () => {
    const { page } = browser;
    const errors: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The screen's own call: the dashboard the sign-up landed on asks for the heat map too, and
    // its answer, should it arrive now, has no body once the page has navigated away.
    const answer = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === '/api/offers/heat-map' &&
        new URL(r.frame().url()).pathname === '/heatmap',
    );
    await heatmapPage.open(page, `${baseUrl}/heatmap`);
    const response = await answer;
    expect(response.status()).toBe(200);
    const served = Object.keys((await response.json()) as Record<string, unknown>);
    if (served.length === 0) await page.getByText('No data available for the selected filters.').waitFor();
    await expect.poll(() => heatmapPage.pairs(page)).toEqual(served);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
