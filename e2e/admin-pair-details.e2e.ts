import type { AdminPairDetails } from '../src/contract/admin-pair-details';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { adminPairDetailsModal as details } from './support/admin-pair-details-pages';
import { offerAnalyticsPage } from './support/admin-pages';
import { openBrowser, type BrowserSession } from './support/browser';
import { pageOverflowsSideways } from './support/dashboard-pages';
import { screenshots } from './support/journey';
import { asOperator, signInAsOperator } from './support/operator';

/*
 * The admin pair-details modal on the shared server: the operator asks for a bypass_analysis of
 * BTC/USD (so the pair has an analysis, a bypass analysis and an offer), opens BTC/USD's details
 * from Offer Analytics and walks the seven tabs against the very answer the modal read.
 */

const ANALYSIS_TIMEOUT = 40_000;
const PAIR = 'BTC/USD';
const API_PATH = `/api/admin/pair-details/${encodeURIComponent(PAIR)}`;

describe('the admin pair-details modal in the browser', () => {
  const baseUrl = inject('baseUrl');
  const operator = inject('operator');
  const { dir, shot } = screenshots('heatsignal-admin-pair-details');
  let browser: BrowserSession;
  let analysisId = '';
  const problems: string[] = [];

  beforeAll(async () => {
    console.info(`admin pair details screenshots: ${dir}`);
    const asked = await asOperator<{ analysisId: string | null }>(
      baseUrl,
      operator,
      '/api/admin/manage-triggers',
      {
        method: 'POST',
        body: { action: 'add', type: 'bypass_analysis', symbol: PAIR },
      },
    );
    expect(asked.status).toBe(200);
    analysisId = asked.body.analysisId ?? '';
    expect(analysisId).not.toBe('');
    browser = await openBrowser();
    const { page } = browser;
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await signInAsOperator(page, baseUrl, operator);
  });
  afterAll(async () => browser?.close());

  it('opens from Offer Analytics and shows the seven tabs as the server supplies them', async () => {
    // The bypass run completes (its offer is published past the thresholds).
    await expect
      .poll(
        async () => {
          const { body } = await asOperator<AdminPairDetails>(baseUrl, operator, API_PATH);
          return body.bypassAnalyses.find((a) => a.id === analysisId)?.status;
        },
        { timeout: ANALYSIS_TIMEOUT, interval: 1_000 },
      )
      .toBe('completed');

    const { page } = browser;
    await page.goto(`${baseUrl}/admin/offer-analytics`);
    await offerAnalyticsPage.table(page).waitFor();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === API_PATH);
    await page.getByRole('row', { name: `${PAIR} details` }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const api = (await response.json()) as AdminPairDetails;
    const modal = details.modal(page, PAIR);
    await modal.waitFor();

    expect(await modal.getByRole('tab').allInnerTexts()).toEqual([
      'Analysis Results',
      'Ticker Referee',
      'Daily Referee',
      'Ticker History',
      'Bypass Analyses',
      'Heatmap Data',
      'Database Data',
    ]);
    const results = details.panel(modal).getByRole('table', { name: 'Analysis results' });
    await results.locator('tbody tr').first().waitFor();
    const rows = await details.rows(results);
    expect(rows).toHaveLength(api.analyses.length);
    const newest = api.analyses[0]!;
    expect(rows[0]![1]).toBe(newest.status[0]!.toUpperCase() + newest.status.slice(1));
    expect(rows[0]![4]).toBe(newest.heatScore === null ? 'N/A' : newest.heatScore.toFixed(2));
    await shot(page, 'analysis-results');

    // Keyboard: the arrow keys walk the tabs.
    await details.tab(modal, 'Analysis Results').focus();
    await page.keyboard.press('ArrowRight');
    expect(await details.tab(modal, 'Ticker Referee').getAttribute('aria-selected')).toBe('true');
    const ticker = await details.figures(details.panel(modal));
    expect(ticker['RSI (14)']).toBe(api.tickerReferee!.rsi14.toFixed(2));
    expect(ticker.Trend?.toLowerCase()).toBe(api.tickerReferee!.trend);
    await shot(page, 'ticker-referee');

    const daily = await details.figures(await details.open(modal, 'Daily Referee'));
    expect(daily['7D Change %']).toBe(api.dailyReferee!.change7d.toFixed(4));

    const history = await details.open(modal, 'Ticker History');
    await history.locator('canvas').first().waitFor();
    const summary = await details.figures(history.getByRole('region', { name: 'Summary' }));
    expect(summary['Change %']).toBe(api.tickerHistory.summary!.changePercent.toFixed(4));
    await shot(page, 'ticker-history');

    const bypass = await details.open(modal, 'Bypass Analyses');
    const bypassRows = await details.rows(bypass.getByRole('table', { name: 'Bypass analyses' }));
    expect(bypassRows.length).toBe(api.bypassAnalyses.length);
    expect(bypassRows.every((row) => row.includes('bypass_analysis'))).toBe(true);

    // The caller's entry: the same heat the Offer Analytics table shows for the pair.
    const heat = await details.figures(await details.open(modal, 'Heatmap Data'));
    const row = (await offerAnalyticsPage.rows(page)).find((r) => r.pair === PAIR);
    expect(Number(heat['Heat Score'])).toBe(row!.heat);
    await shot(page, 'heatmap-data');

    const database = await details.open(modal, 'Database Data');
    const offers = await details.rows(database.getByRole('table', { name: 'Recent offers' }));
    expect(offers.length).toBe(api.recentOffers.length);
    expect(api.recentOffers.length).toBeGreaterThan(0);
    expect(api.triggers.some((t) => t.type === 'bypass_analysis')).toBe(true);
    await shot(page, 'database-data');

    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await details.open(modal, 'Analysis Results');
    expect(await pageOverflowsSideways(page)).toBe(false);
    await shot(page, 'analysis-results-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await modal.getByRole('button', { name: 'Close', exact: true }).click();
    await modal.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });
});
