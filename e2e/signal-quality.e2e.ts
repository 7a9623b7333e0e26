import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { signalQualityResponseSchema } from '../src/contract/signal-quality';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { screenshots } from './support/journey';
import { signUpTrader } from './support/money-pages';
import { fulfillJson } from './support/offer-fixtures';
import { waitForToast } from './support/pages';
import { signalQualityFixture } from './support/signal-quality-fixture';

/*
 * The Signal Quality screen (/analysis). First against the real API (the shared server's market runs
 * at wall-clock speed, so no offer reaches its horizon during the suite: the screen must show exactly
 * what the API answers, empty or not); then with a fixture answer for exact figures, verdicts and
 * states.
 */

const isSignalQuality = (url: URL) => url.pathname === '/api/signal-quality';

const quality = {
  table: (page: Page) => page.getByRole('table', { name: 'Calibration by position type and risk level' }),
  rows: (page: Page) => quality.table(page).locator('tbody tr'),
  async rowTexts(page: Page): Promise<string[][]> {
    const texts: string[][] = [];
    for (const row of await quality.rows(page).all())
      texts.push((await row.locator('td').allInnerTexts()).map((t) => t.trim()));
    return texts;
  },
  async outcomeCounts(page: Page): Promise<string[][]> {
    const rows = page.getByRole('table', { name: 'Published offers by outcome' }).locator('tbody tr');
    const texts: string[][] = [];
    for (const row of await rows.all())
      texts.push([
        (await row.locator('th span').first().innerText()).trim(),
        ...(await row.locator('td').allInnerTexts()).map((t) => t.trim()),
      ]);
    return texts;
  },
};

describe('Signal Quality (/analysis) in the browser', () => {
  const baseUrl = inject('baseUrl');
  const { shot } = screenshots('heatsignal-signal-quality');
  let browser: BrowserSession;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await openBrowser();
    browser.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    browser.page.on('pageerror', (error) => consoleErrors.push(error.message));
    await signUpTrader(browser.page, baseUrl, 'Quinn Quality');
  });
  afterAll(async () => browser.close());
  beforeEach(async () => {
    consoleErrors = [];
    await browser.page.unrouteAll();
    await browser.page.setViewportSize({ width: 1280, height: 900 });
  });

  it('opens from the header link and shows exactly what the real API answers', async () => {
    const { page } = browser;
    const answer = page.waitForResponse((res) => isSignalQuality(new URL(res.url())));
    await page.getByRole('navigation', { name: 'Primary' }).getByRole('link', { name: 'Analysis' }).click();
    await page.getByRole('heading', { name: 'Signal Quality', level: 1 }).waitFor();
    const response = await answer;
    expect(new URL(response.url()).searchParams.get('timeRange')).toBe('90d');
    const body = signalQualityResponseSchema.parse(await response.json());

    await page.getByRole('heading', { name: 'How every published offer actually ended' }).waitFor();
    if (body.published.published === 0)
      await page.getByText(/^No offers have been published in this range yet\./).waitFor();
    else expect(await page.getByTestId('published-total').innerText()).toBe(String(body.published.published));
    const counts = await quality.outcomeCounts(page);
    expect(counts.map(([label, n]) => [label, Number(n)])).toEqual([
      ['Succeeded', body.published.succeeded],
      ['Failed', body.published.failed],
      ['Neither', body.published.neither],
      ['Unscoreable', body.published.unscoreable],
      ['Not scored yet', body.published.pending],
    ]);
    if (body.groups.length === 0) {
      await page
        .getByRole('status')
        .filter({ hasText: /^No scored offers in this range yet\./ })
        .waitFor();
      expect(await quality.table(page).count()).toBe(0);
      await page.getByText('No scored offers in this range yet, so there is no live Brier score.').waitFor();
    } else {
      const rows = await quality.rowTexts(page);
      expect(rows.map((cells) => Number(cells[6]))).toEqual(body.groups.map((g) => g.sampleSize));
    }
    if (body.backtest) {
      expect(await page.getByTestId('backtest-brier').innerText()).toBe(
        `${body.backtest.brier.toFixed(4)} vs ${body.backtest.brierBaseline.toFixed(4)}`,
      );
    } else {
      await page.getByText(/^The walk-forward backtest has not been computed yet/).waitFor();
    }
    const gate = body.backtest?.gate;
    if (gate) {
      const gateRows = page
        .getByRole('table', { name: 'Publication gate by strategy family' })
        .locator('tbody tr');
      await expect
        .poll(async () => (await gateRows.locator('td:first-child').allInnerTexts()).map((t) => t.trim()))
        .toEqual(gate.families.map((f) => f.name));
      const passing = gate.families.filter((f) => f.passes);
      if (passing.length === 0)
        expect(await page.getByTestId('gate-verdict').innerText()).toBe(
          'No strategy family passes the gate on this market, so the engine has no edge it can defend here.',
        );
      else expect(await page.getByTestId('gate-verdict').innerText()).toContain(passing[0]!.name);
    } else {
      await page.getByText(/^The publication gate has not been judged yet/).waitFor();
    }
    await page.getByRole('heading', { name: 'What the numbers mean' }).waitFor();
    await shot(page, 'real-api');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the calibration with intervals and verdicts, the chart, the Brier comparison and the backtest', async () => {
    const { page } = browser;
    await page.route(
      (url) => isSignalQuality(url),
      (route) => fulfillJson(route, 200, signalQualityFixture()),
    );
    await page.goto(`${baseUrl}/analysis`);
    await quality.rows(page).first().waitFor();

    await expect
      .poll(() => quality.rowTexts(page))
      .toEqual([
        [
          'Hedge long',
          'High',
          'Too few offers to judge',
          '45.00%',
          '25.00%',
          '8.89–53.23%',
          '12',
          '3 / 9 / 0',
        ],
        ['Long', 'Low', 'Holds', '58.40%', '55.00%', '46.08–63.61%', '120', '66 / 40 / 14'],
        ['Quick long', 'Medium', 'Overstates', '61.20%', '45.00%', '34.58–55.88%', '80', '36 / 34 / 10'],
        ['Scalp short', 'Medium', 'Understates', '40.00%', '58.00%', '44.23–70.62%', '50', '29 / 15 / 6'],
      ]);

    expect(await page.getByTestId('live-brier').innerText()).toBe('0.2431');
    expect(await page.getByTestId('live-brier-baseline').innerText()).toBe('0.2499');
    expect(await page.getByTestId('live-brier-verdict').innerText()).toBe(
      'The engine beats the base rate: its predictions were closer to what happened than always predicting the base rate (Brier skill 2.71%).',
    );
    expect(await page.getByTestId('backtest-brier').innerText()).toBe('0.2372 vs 0.2461');
    await page
      .getByText(/^In the backtest the engine beats the base rate: .*\(Brier skill 3\.62%\)\./)
      .waitFor();
    await page.getByText('3.42 points').waitFor();
    await page.getByText('1436', { exact: true }).waitFor();

    expect(await page.getByTestId('published-total').innerText()).toBe('301');
    expect(await quality.outcomeCounts(page)).toEqual([
      ['Succeeded', '134', '44.52%'],
      ['Failed', '98', '32.56%'],
      ['Neither', '30', '9.97%'],
      ['Unscoreable', '4', '1.33%'],
      ['Not scored yet', '35', '11.63%'],
    ]);

    const chart = page.getByRole('img', { name: /^Reliability chart/ });
    await chart.locator('canvas').first().waitFor();
    expect((await chart.boundingBox())?.height).toBe(360);
    await shot(page, 'fixture-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Signal Quality', level: 1 }).waitFor();
    // The page itself never scrolls sideways; wide tables scroll inside their own box.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot(page, 'fixture-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('asks for the chosen time range and keeps it in the address', async () => {
    const { page } = browser;
    const asked: string[] = [];
    await page.route(
      (url) => isSignalQuality(url),
      async (route: Route) => {
        asked.push(new URL(route.request().url()).searchParams.get('timeRange') ?? '');
        await fulfillJson(route, 200, signalQualityFixture());
      },
    );
    await page.goto(`${baseUrl}/analysis`);
    await quality.rows(page).first().waitFor();
    await page.getByLabel('Time Range').selectOption('7d');
    await expect.poll(() => asked).toEqual(['90d', '7d']);
    expect(new URL(page.url()).search).toBe('?timeRange=7d');

    await page.reload();
    expect(await page.getByLabel('Time Range').inputValue()).toBe('7d');
    await expect.poll(() => asked.at(-1)).toBe('7d');
    expect(consoleErrors).toEqual([]);
  });

  it('says it is loading, then shows the server error with a Retry button and a toast', async () => {
    const { page } = browser;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => isSignalQuality(url),
      async (route) => {
        await held;
        await fulfillJson(route, 503, { error: 'Signal quality is being recomputed' });
      },
    );
    await page.goto(`${baseUrl}/analysis`);
    await quality.table(page).getByText('Loading signal quality...').waitFor();
    release();

    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load signal quality' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Signal quality is being recomputed');
    await alert.getByRole('button', { name: 'Retry' }).waitFor();
    await waitForToast(page, 'Signal quality is being recomputed');
    await shot(page, 'error');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The browser logs the 503 itself; nothing else may be logged.
    expect(consoleErrors.filter((text) => !/status of 503/.test(text))).toEqual([]);
  });
});
