import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Offer } from '../src/contract/offers';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { screenshots } from './support/journey';
import { settingsPage, signUpTrader } from './support/money-pages';
import { fixtureOffers, fulfillJson } from './support/offer-fixtures';
import { offersPage } from './support/offers-pages';
import { waitForToast } from './support/pages';

/*
 * The offers screen's filters panel and its address-bar state. GET /api/offers is served from
 * fixtures (what matters here is the query the screen sends); preferences and the pair-details
 * ticker come from the real server.
 */

/** The first offer is on a real pair (its details come from the real market), as a hedge. */
const firstPage = (): Offer[] =>
  fixtureOffers(20, (i) =>
    i === 0
      ? { pair: 'BTC/USD', positionType: 'hedge_balanced', status: 'hot' }
      : { pair: `F${i}/USD`, status: i < 4 ? 'hot' : 'open' },
  );

const CHOSEN_VIEW =
  'tab=risky&search=eth&positionType=long%2Cscalp_long&riskLevel=high&minSuccessRate=40&maxSuccessRate=100' +
  '&minHeatScore=95&maxHeatScore=95&status=hot&sortBy=heatScore&sortDir=asc&usePrefs=false';
const CHOSEN_QUERY =
  'offset=0&limit=20&search=eth&positionType=long%2Cscalp_long&riskLevel=high&minSuccessRate=40' +
  '&maxSuccessRate=100&minHeatScore=95&maxHeatScore=95&status=hot&sortBy=heatScore&sortDir=asc' +
  '&include=volume%2Cleverage';

const addressQuery = (page: Page) => new URL(page.url()).search.slice(1);

describe('the offers filters in the browser', () => {
  const baseUrl = inject('baseUrl');
  const { shot } = screenshots('heatsignal-offers-filters');
  let browser: BrowserSession;
  let listCalls: URLSearchParams[] = [];
  let problems: string[] = [];
  const lastCall = () => listCalls.at(-1)?.toString();

  const watch = (page: Page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
  };

  beforeAll(async () => {
    browser = await openBrowser();
    watch(browser.page);
    await signUpTrader(browser.page, baseUrl, 'Fiona Filters');
    await browser.context.route(
      (url) => url.pathname === '/api/offers',
      async (route) => {
        const query = new URL(route.request().url()).searchParams;
        // The offers screen's list calls (the dashboard's 'Recent Offers' asks without an offset).
        if (query.has('offset')) listCalls.push(query);
        const data =
          query.get('offset') === '0' ? firstPage() : fixtureOffers(3, (i) => ({ pair: `G${i}/USD` }));
        await fulfillJson(route, 200, { data, total: 23 });
      },
    );
  });
  afterAll(async () => browser.close());
  beforeEach(() => {
    listCalls = [];
    problems = [];
  });
  afterEach(() => expect(problems).toEqual([]));

  it('writes each filter to the address bar (in place) and to the list query, from page 1', async () => {
    const { page } = browser;
    await offersPage.open(page, baseUrl);
    await offersPage.rows(page).first().waitFor();
    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => listCalls.map((q) => q.get('offset'))).toEqual(['0', '20']);
    const historyLength = await page.evaluate<number>('history.length');

    const filters = offersPage.filters(page);
    // Three keystrokes inside 300 ms: one call, for the whole text.
    await filters.getByLabel('Search Pair').pressSequentially('eth', { delay: 40 });
    await expect.poll(() => listCalls.at(-1)?.get('search')).toBe('eth');
    expect(listCalls.filter((q) => q.has('search')).map((q) => q.get('search'))).toEqual(['eth']);

    await filters.getByLabel('Sort By').selectOption({ label: 'Heat Score' });
    await filters.getByLabel('Sort Direction').selectOption({ label: 'Ascending' });
    await offersPage.filterChoice(page, 'Risk Level', 'High').check();
    await offersPage.filterGroup(page, 'Position Type').getByText('Any').click();
    await offersPage.filterChoice(page, 'Position Type', 'Scalp long').check();
    await offersPage.filterChoice(page, 'Position Type', 'Long').check();
    await offersPage.filterChoice(page, 'Status', 'Open').uncheck();
    await filters.getByLabel('Min Success Rate').fill('40');
    await filters.getByLabel('Min Heat Score').fill('95');
    // A max below the min is raised to it; leaving the field shows the max in force.
    await filters.getByLabel('Max Heat Score').fill('90');
    await filters.getByLabel('Max Heat Score').press('Tab');
    expect(await filters.getByLabel('Max Heat Score').inputValue()).toBe('95');
    await offersPage.tab(page, 'Risky').click();
    await shot(page, 'filters-chosen-1280');

    await expect.poll(() => addressQuery(page)).toBe(CHOSEN_VIEW);
    await expect.poll(lastCall).toBe(CHOSEN_QUERY);
    expect(listCalls.slice(2).every((q) => q.get('offset') === '0')).toBe(true);
    expect(await page.evaluate<number>('history.length')).toBe(historyLength);
  });

  const expectChosenView = async (page: Page) => {
    await expect.poll(lastCall).toBe(CHOSEN_QUERY);
    expect(listCalls.map(String)).toEqual([CHOSEN_QUERY]);
    const filters = offersPage.filters(page);
    expect(await filters.getByLabel('Search Pair').inputValue()).toBe('eth');
    expect(await filters.getByLabel('Sort By').inputValue()).toBe('heatScore');
    expect(await filters.getByLabel('Sort Direction').inputValue()).toBe('asc');
    expect(await offersPage.filterChoice(page, 'Risk Level', 'High').isChecked()).toBe(true);
    expect(await offersPage.filterChoice(page, 'Status', 'Open').isChecked()).toBe(false);
    expect(await offersPage.filterGroup(page, 'Position Type').locator('summary').innerText()).toBe(
      'Long, Scalp long',
    );
    expect(await filters.getByLabel('Min Success Rate').inputValue()).toBe('40');
    expect(await filters.getByLabel('Max Heat Score').inputValue()).toBe('95');
    expect(await offersPage.tab(page, 'Risky').getAttribute('aria-selected')).toBe('true');
  };

  it('restores the same view after a reload', async () => {
    const { page } = browser;
    await page.reload();
    await offersPage.filters(page).waitFor();
    await expectChosenView(page);
    expect(addressQuery(page)).toBe(CHOSEN_VIEW);
  });

  it('restores the same view from a shared link in a new page', async () => {
    const shared = await browser.context.newPage();
    watch(shared);
    await shared.goto(`${baseUrl}/offers?${CHOSEN_VIEW}`);
    await offersPage.filters(shared).waitFor();
    await expectChosenView(shared);
    await shared.close();
  });

  it("applies the saved preferences with 'Use Preferences', and the panel's own filters without", async () => {
    const { page } = browser;
    await settingsPage.open(page, baseUrl);
    const form = settingsPage.form(page);
    await form.getByLabel('Min Success Rate (%)').fill('65');
    await form.getByRole('checkbox', { name: 'Short', exact: true }).check();
    await form.getByRole('checkbox', { name: 'Medium', exact: true }).uncheck();
    await form.getByRole('checkbox', { name: 'High', exact: true }).check();
    await settingsPage.save(page);
    await waitForToast(page, 'Preferences updated');

    await page.goto(`${baseUrl}/offers?tab=all&minSuccessRate=10&maxSuccessRate=50&riskLevel=medium`);
    await offersPage.rows(page).first().waitFor();
    listCalls = [];
    const filters = offersPage.filters(page);
    await filters.getByLabel('Use Preferences').check();
    await expect
      .poll(lastCall)
      .toBe(
        'offset=0&limit=20&positionType=long%2Cshort&riskLevel=low%2Chigh&minSuccessRate=65&maxSuccessRate=100' +
          '&minHeatScore=0&maxHeatScore=100&status=open%2Chot&sortBy=createdAt&sortDir=desc&include=volume%2Cleverage',
      );
    expect(new URL(page.url()).searchParams.get('usePrefs')).toBe('true');
    const minSuccess = filters.getByLabel('Min Success Rate');
    expect([await minSuccess.inputValue(), await minSuccess.isDisabled()]).toEqual(['65', true]);
    expect(await offersPage.filterChoice(page, 'Risk Level', 'High').isChecked()).toBe(true);
    expect(await offersPage.filterChoice(page, 'Risk Level', 'Medium').isDisabled()).toBe(true);
    await shot(page, 'use-preferences');

    await filters.getByLabel('Use Preferences').uncheck();
    await expect
      .poll(lastCall)
      .toBe(
        'offset=0&limit=20&riskLevel=medium&minSuccessRate=10&maxSuccessRate=50&minHeatScore=0&maxHeatScore=100' +
          '&status=open%2Chot&sortBy=createdAt&sortDir=desc&include=volume%2Cleverage',
      );
  });

  it('opens the pair-details modal from the pair cell, the offer-details modal from the row', async () => {
    const { page } = browser;
    // Live offers from the real engine join the list only if they match: a BTC/USD hedge is unlikely.
    await page.goto(`${baseUrl}/offers?tab=all&search=BTC&positionType=hedge_balanced`);
    const row = offersPage.rows(page).filter({ has: page.getByRole('button', { name: 'BTC/USD' }) });
    await row.getByRole('button', { name: 'BTC/USD' }).click();
    const pairModal = page.getByRole('dialog', { name: 'Pair Details: BTC/USD' });
    await pairModal.getByText('Price', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'pair-details');
    await pairModal.getByRole('button', { name: 'Close' }).click();
    await pairModal.waitFor({ state: 'detached' });

    await row.locator('td').nth(2).click();
    await offersPage.modal(page).getByLabel('Entry Amount ($)').waitFor();
    expect(await offersPage.details(page)).toMatchObject({ Pair: 'BTC/USD' });
    await offersPage.modal(page).getByRole('button', { name: 'Close' }).click();
  });

  it('passes axe with the panel open, and fits a 390 px phone', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/offers?tab=all&riskLevel=low`);
    await offersPage.rows(page).first().waitFor();
    await offersPage.filterGroup(page, 'Position Type').locator('summary').click();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'filters-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });
});
