import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { HeatMap } from '../src/contract/heatmap';
import type { ListOffersResponse } from '../src/contract/offers';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { apiFromPage, dashboardPage, hasFocus, pageOverflowsSideways } from './support/dashboard-pages';
import { screenshots } from './support/journey';
import { paymentsPage, signUpTrader } from './support/money-pages';
import { asOperator } from './support/operator';
import { waitForToast } from './support/pages';

/*
 * The dashboard against the real server: 'Your Stats' from the ledger, 'Top Hot Pairs' and
 * 'Recent Offers' from the simulated market once its first analyses have published (a fresh
 * server needs a few minutes: the tables fill by their own 30 s refresh, with no reload), the two
 * modals, feedback on a live offer, and the screen at 390 px.
 */

/** How long a fresh shared server may take to publish its first heat map and offers. */
const MARKET_TIMEOUT = 240_000;
/** How long the operator's analyses past the thresholds may take to publish a top pair's offer. */
const OFFER_TIMEOUT = 90_000;
const TOP_PAIRS_QUERY = 'timeRange=7d&limit=3&sortBy=heat_desc';

describe('the dashboard in the browser', () => {
  const baseUrl = inject('baseUrl');
  const operator = inject('operator');
  const { dir, shot } = screenshots('heatsignal-dashboard');
  let browser: BrowserSession;
  /** Console errors and uncaught exceptions on the page since sign-up. */
  const pageErrors: string[] = [];
  /** The query of each heat-map call the dashboard made. */
  const heatMapQueries: string[] = [];

  beforeAll(async () => {
    console.info(`dashboard screenshots: ${dir}`);
    // 'Recent Offers' needs one offer on the market: the operator asks for an analysis past the
    // thresholds, rather than the test waiting for the young simulated market to earn one.
    const asked = await asOperator(baseUrl, operator, '/api/admin/manage-triggers', {
      method: 'POST',
      body: { action: 'add', type: 'bypass_analysis', symbol: 'BTC/USD' },
    });
    expect(asked.status).toBe(200);
    browser = await openBrowser();
    const { page } = browser;
    await signUpTrader(page, baseUrl, 'Dana Dashboard');
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/offers/heat-map') heatMapQueries.push(url.search.slice(1));
    });
  });
  afterAll(async () => browser.close());

  it("fills 'Your Stats' from the ledger: a newcomer's zeros, then a deposit", async () => {
    const { page } = browser;
    await dashboardPage.open(page, baseUrl);
    await dashboardPage.rows(page, 'Your Stats').first().waitFor();
    expect(await dashboardPage.stats(page)).toEqual({
      Balance: '$0.00',
      'Win Rate': '0.00%',
      'Active Trades': '0',
      'Total Trades': '0',
      'Total Deposits': '$0.00',
      'Total Withdrawals': '$0.00',
      'Total Tips': '$0.00',
    });
    // The newcomer's default preference (long) filters the top pairs.
    await expect.poll(() => heatMapQueries.length).toBeGreaterThan(0);
    // The table draws no chart: it asks without the histories.
    expect(heatMapQueries[0]).toBe(`${TOP_PAIRS_QUERY}&positionType=long&histories=none`);

    await paymentsPage.open(page, baseUrl);
    await paymentsPage.deposit(page, '25', 'pm_card_visa');
    await paymentsPage.available(page).filter({ hasText: '$25.00' }).waitFor();
    await dashboardPage.open(page, baseUrl);
    await dashboardPage.rows(page, 'Your Stats').first().waitFor();
    expect(await dashboardPage.stats(page)).toMatchObject({ Balance: '$25.00', 'Total Deposits': '$25.00' });
    await shot(page, 'stats-after-deposit');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it(
    "fills 'Top Hot Pairs' (no position filter once none is preferred) and 'Recent Offers' from the market",
    async () => {
      const { page } = browser;
      const saved = await apiFromPage(page, '/api/users/preferences', {
        method: 'PUT',
        body: { preferredPositionTypes: [] },
      });
      expect(saved.status).toBe(200);
      heatMapQueries.length = 0;
      await dashboardPage.open(page, baseUrl);
      await expect.poll(() => heatMapQueries[0]).toBe(`${TOP_PAIRS_QUERY}&histories=none`);
      expect(await dashboardPage.headers(page, 'Top Hot Pairs')).toEqual([
        'Pair',
        'Heat Score',
        'Success Rate',
        'Position Type',
        'Progrev Score',
        'Trend',
        'Risk Level',
        'Last Updated',
      ]);
      expect(await dashboardPage.headers(page, 'Recent Offers')).toEqual([
        'Pair',
        'Expected Profit',
        'Risk Level',
        'Success Rate',
        'Heat Score',
        'Status',
        'Created At',
      ]);

      const topRows = dashboardPage.rows(page, 'Top Hot Pairs');
      const offerRows = dashboardPage.rows(page, 'Recent Offers');
      await topRows.first().waitFor({ timeout: MARKET_TIMEOUT });
      await offerRows.first().waitFor({ timeout: MARKET_TIMEOUT });
      await shot(page, 'dashboard-filled');

      // Every pair shown is one the market has (not invented), hottest first.
      const market = (await apiFromPage<HeatMap>(page, '/api/offers/heat-map?timeRange=7d')).body;
      expect(await topRows.count()).toBeLessThanOrEqual(3);
      const heats: number[] = [];
      for (const row of await topRows.all()) {
        const [pair, heat, success, position, progrev, trend, risk, updated] = await dashboardPage.cells(row);
        expect(Object.keys(market)).toContain(pair);
        expect(heat).toMatch(/^\d{1,3}\.\d{2}$/);
        heats.push(Number(heat));
        expect(success).toMatch(/^\d{1,3}\.\d{2}%$/);
        expect(position).toMatch(/^[A-Z]/);
        expect(progrev).toMatch(/^[01]\.\d{2}$/);
        expect(trend).toMatch(/^(Bullish|Bearish|Neutral)$/);
        expect(risk).toMatch(/^(Low|Medium|High)$/);
        expect(updated).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}:\d{2} [AP]M$/);
      }
      expect(heats).toEqual([...heats].sort((a, b) => b - a));

      const offers = (await apiFromPage<ListOffersResponse>(page, '/api/offers?limit=5')).body.data;
      expect(await offerRows.count()).toBeLessThanOrEqual(5);
      const [pair, profit, risk, success, heat, status, createdAt] = await dashboardPage.cells(
        offerRows.first(),
      );
      expect(offers.map((o) => o.pair)).toContain(pair);
      expect(profit).toMatch(/^-?\d+\.\d{2}%$/);
      expect(risk).toMatch(/^(Low|Medium|High)$/);
      expect(success).toMatch(/^\d{1,3}\.\d{2}%$/);
      expect(heat).toMatch(/^\d{1,3}\.\d{2}$/);
      expect(status).toMatch(/^(Open|Hot)$/);
      expect(createdAt).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
      expect(await seriousAxeViolations(page)).toEqual([]);
    },
    MARKET_TIMEOUT + 60_000,
  );

  it("opens 'Offer Details' from a recent offer; Escape closes it and focus returns to the row", async () => {
    const { page } = browser;
    const row = dashboardPage.rows(page, 'Recent Offers').first();
    const [pair, profit] = await dashboardPage.cells(row);
    await row.click();
    const modal = dashboardPage.modal(page, 'Offer Details');
    await modal.waitFor();
    const details = await dashboardPage.details(modal);
    expect(Object.keys(details)).toEqual([
      'Pair',
      'Position Type',
      'Expected Profit',
      'Risk Level',
      'Success Rate',
      'Heat Score',
      'Status',
      'Created At',
      'AI Comments',
    ]);
    expect(details).toMatchObject({ Pair: pair, 'Expected Profit': profit });
    expect(details['AI Comments']).not.toBe('');
    await shot(page, 'offer-details');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await hasFocus(row)).toBe(true);
  });

  it('opens the pair-details modal from a top pair; Escape closes it and focus returns to the pair', async () => {
    const { page } = browser;
    const opener = dashboardPage.rows(page, 'Top Hot Pairs').first().getByRole('button');
    const pair = (await opener.innerText()).trim();
    await opener.click();
    const modal = dashboardPage.modal(page, `Pair Details: ${pair}`);
    await modal.getByText('Price', { exact: true }).waitFor();
    const details = await dashboardPage.details(modal);
    expect(details.Pair).toBe(pair);
    expect(details.Price).toMatch(/^[\d,.]+ [A-Z0-9]+$/);
    expect(details['Heat Score']).toMatch(/^\d{1,3}\.\d{2}$/);
    expect(await modal.getByLabel('Add Feedback').getAttribute('placeholder')).toBe('Add a comment...');
    await shot(page, 'pair-details');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await hasFocus(opener)).toBe(true);
  });

  it(
    "likes the live offer of a top pair: 'Feedback submitted successfully'",
    async () => {
      const { page } = browser;
      // A top pair with a live offer (heat-map status hot or open); the table shows the same ranking.
      // Whether the honest engine has published one for a top pair yet is the market's luck, so the
      // operator asks, as the back office can, for an analysis past the thresholds of each shown
      // pair without one: whichever pairs the fresh analyses leave on top, one soon has an offer.
      const asked = new Set<string>();
      let withOffer: string | undefined;
      await expect
        .poll(
          async () => {
            const shown = await dashboardPage.rows(page, 'Top Hot Pairs').getByRole('button').allInnerTexts();
            const map = (await apiFromPage<HeatMap>(page, `/api/offers/heat-map?${TOP_PAIRS_QUERY}`)).body;
            const pairs = shown.map((p) => p.trim());
            withOffer = pairs.find((p) => map[p] && map[p].status !== 'idle');
            for (const symbol of withOffer ? [] : pairs.filter((p) => !asked.has(p))) {
              asked.add(symbol);
              const body = { action: 'add', type: 'bypass_analysis', symbol };
              const answer = await asOperator(baseUrl, operator, '/api/admin/manage-triggers', {
                method: 'POST',
                body,
              });
              expect(answer.status).toBe(200);
            }
            return withOffer;
          },
          { timeout: OFFER_TIMEOUT, interval: 3_000 },
        )
        .toBeDefined();

      await dashboardPage
        .rows(page, 'Top Hot Pairs')
        .getByRole('button', { name: `${withOffer} pair details` })
        .click();
      const modal = dashboardPage.modal(page, `Pair Details: ${withOffer}`);
      const like: Locator = modal.getByRole('button', { name: 'Like', exact: true });
      await expect.poll(() => like.isEnabled()).toBe(true);

      await modal.getByRole('button', { name: 'Submit Comment' }).click();
      expect((await modal.getByRole('alert').innerText()).trim()).toBe('Comment cannot be empty');

      const answer = page.waitForResponse(
        (r) => r.request().method() === 'POST' && r.url().endsWith('/feedback'),
      );
      await like.click();
      expect((await answer).status()).toBe(200);
      expect((await answer).request().postDataJSON()).toEqual({ type: 'like' });
      await waitForToast(page, 'Feedback submitted successfully');
      await modal
        .getByTestId('feedback-outcome')
        .filter({ hasText: 'Feedback submitted successfully' })
        .waitFor();
      await shot(page, 'feedback-liked');
      await modal.getByRole('button', { name: 'Close' }).click();
      await modal.waitFor({ state: 'detached' });
    },
    OFFER_TIMEOUT + 60_000,
  );

  it('fits a 390 px screen: wide tables scroll in their own box, the page does not', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await dashboardPage.open(page, baseUrl);
    await dashboardPage.rows(page, 'Recent Offers').first().waitFor();
    expect(await pageOverflowsSideways(page)).toBe(false);
    // On a phone the stats stand one per row, none scrolled out of sight (polled: the stats are an
    // answer of their own, which may come after the offers').
    const stats = dashboardPage.rows(page, 'Your Stats');
    await expect
      .poll(() => stats.locator('td:first-child').allInnerTexts())
      .toEqual([
        'Balance',
        'Win Rate',
        'Active Trades',
        'Total Trades',
        'Total Deposits',
        'Total Withdrawals',
        'Total Tips',
      ]);
    expect(await stats.first().locator('td:last-child').innerText()).toBe('$25.00');
    await shot(page, 'dashboard-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('logged no console error and threw nothing on the page', () => {
    expect(pageErrors).toEqual([]);
  });
});
