import type { Request, Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Offer } from '../src/contract/offers';
import { openBrowser, type BrowserSession } from './support/browser';
import { alertsIn, signUpTrader } from './support/money-pages';
import { screenshots } from './support/journey';
import { fixtureAccept, fixtureOffer, fixtureOffers, fulfillJson } from './support/offer-fixtures';
import { offersPage } from './support/offers-pages';
import { waitForToast } from './support/pages';

/*
 * The offers screen's own rules with exact figures: GET /api/offers (and the accept and reject
 * answers where a case needs one) are served from fixtures, everything else by the real server.
 * The newcomer journey covers the same screen against the real engine and ledger.
 */

/** 20 offers: 3 hot (one of them high risk), 2 ready, 2 more high risk, heat in all three bands. */
function firstPage(): Offer[] {
  return fixtureOffers(20, (i) => ({
    pair: `C${i}/USD`,
    status: i < 3 ? 'hot' : 'open',
    heatScore: i < 3 ? 80 + i : i < 8 ? 60 : 20,
    riskLevel: i === 0 || i === 10 || i === 11 ? 'high' : 'low',
    successRate: i === 5 || i === 6 ? 60 + i : 40,
    volume: i === 19 ? null : 44_816_360.63,
    leverage: i === 19 ? null : 1,
  }));
}

describe('the offers screen in the browser (fixture offers)', () => {
  const baseUrl = inject('baseUrl');
  const { shot } = screenshots('heatsignal-offers-screen');
  let browser: BrowserSession;
  /** Each list call's query, in order. */
  let listCalls: URLSearchParams[] = [];
  let answerList: (route: Route, query: URLSearchParams) => Promise<void>;

  beforeAll(async () => {
    browser = await openBrowser();
    await signUpTrader(browser.page, baseUrl, 'Olga Offers');
    await browser.page.route(
      (url) => url.pathname === '/api/offers',
      async (route) => {
        const query = new URL(route.request().url()).searchParams;
        // The offers screen's list calls (the dashboard's 'Recent Offers' asks without an offset).
        if (query.has('offset')) listCalls.push(query);
        await answerList(route, query);
      },
    );
  });
  afterAll(async () => browser.close());
  beforeEach(() => {
    listCalls = [];
  });

  it('loads with 5 skeleton rows, then tabs counted from the list, heat borders and N/A cells', async () => {
    const { page } = browser;
    const offers = firstPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    answerList = async (route) => {
      await held;
      await fulfillJson(route, 200, { data: offers, total: 25 });
    };
    await offersPage.open(page, baseUrl);
    await expect.poll(() => page.getByTestId('offer-skeleton-row').count()).toBe(5);
    await shot(page, 'offers-loading');
    release();

    await offersPage.rows(page).first().waitFor();
    // The default filters: both listed statuses, full ranges, newest first.
    expect(listCalls[0]?.toString()).toBe(
      'offset=0&limit=20&minSuccessRate=0&maxSuccessRate=100&minHeatScore=0&maxHeatScore=100' +
        '&status=open%2Chot&sortBy=createdAt&sortDir=desc&include=volume%2Cleverage',
    );
    expect(await offersPage.headers(page)).toEqual([
      'Pair',
      'Expected Profit',
      'Risk Level',
      'Success Rate',
      'Heat Score',
      'Position Type',
      'Status',
      'Created At',
      'Volume',
      'Leverage',
      'Actions',
    ]);
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'Hot (3)',
      'Ready (2)',
      'Risky (3)',
      'All (20)',
    ]);
    expect(await offersPage.tab(page, 'Hot').getAttribute('aria-selected')).toBe('true');
    expect(await offersPage.tableTitle(page).innerText()).toBe('Offers (3 Hot)');

    await offersPage.tab(page, 'Ready').click();
    expect(await offersPage.tableTitle(page).innerText()).toBe('Offers (2 Ready)');
    expect(await offersPage.rows(page).locator('td:first-child').allInnerTexts()).toEqual([
      'C5/USD',
      'C6/USD',
    ]);
    await offersPage.tab(page, 'Risky').click();
    expect(await offersPage.rows(page).locator('td:first-child').allInnerTexts()).toEqual([
      'C0/USD',
      'C10/USD',
      'C11/USD',
    ]);

    await offersPage.tab(page, 'All').click();
    expect(await offersPage.tableTitle(page).innerText()).toBe('Offers (20 All)');
    await shot(page, 'offers-all-20');
    const rows = offersPage.rows(page);
    expect(await offersPage.cells(rows.nth(0))).toEqual([
      'C0/USD',
      '1.23%',
      'High',
      '40.00%',
      '80.00',
      'Long',
      'Hot',
      expect.stringMatching(/^Nov 21, 2026\n\d+:\d{2} [AP]M$/),
      '$44.82M',
      '1x',
      expect.stringMatching(/^Accept\s*Reject$/),
    ]);
    expect((await offersPage.cells(rows.nth(19))).slice(8, 10)).toEqual(['N/A', 'N/A']);

    // Red above 75, orange above 50, else green: one colour per band.
    // (This project's e2e code has no DOM types: the page's global is typed by hand.)
    const border = (i: number) =>
      rows.nth(i).evaluate((row: unknown) => {
        const view = globalThis as unknown as { getComputedStyle(e: unknown): { borderLeftColor: string } };
        return view.getComputedStyle(row).borderLeftColor;
      });
    const [red, orange, green] = [await border(0), await border(3), await border(8)];
    expect(new Set([red, orange, green]).size).toBe(3);
    expect([await border(2), await border(7), await border(19)]).toEqual([red, orange, green]);
  });

  it("offers 'Load More' only while the last page held exactly 20", async () => {
    const { page } = browser;
    answerList = async (route, query) =>
      fulfillJson(route, 200, {
        data: query.get('offset') === '0' ? firstPage() : fixtureOffers(5, (i) => ({ pair: `M${i}/USD` })),
        total: 25,
      });
    await offersPage.open(page, baseUrl);
    await offersPage.tab(page, 'All').click();
    await page.getByRole('button', { name: 'Load More' }).click();
    await offersPage.tab(page, 'All').filter({ hasText: 'All (25)' }).waitFor();
    expect(listCalls.map((q) => q.get('offset'))).toEqual(['0', '20']);
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);
  });

  it("says 'No offers available' for an empty list", async () => {
    const { page } = browser;
    answerList = async (route) => fulfillJson(route, 200, { data: [], total: 0 });
    await offersPage.open(page, baseUrl);
    await offersPage.table(page).getByText('No offers available').waitFor();
    expect(await page.getByRole('tab').allInnerTexts()).toEqual([
      'Hot (0)',
      'Ready (0)',
      'Risky (0)',
      'All (0)',
    ]);
  });

  it("shows 'Error loading offers: ' with the reason, a toast, and a Retry that reloads the page", async () => {
    const { page } = browser;
    answerList = async (route) => fulfillJson(route, 503, { error: 'Database is unavailable' });
    await offersPage.open(page, baseUrl);
    await page.getByText('Error loading offers: Database is unavailable').waitFor();
    await waitForToast(page, 'Database is unavailable');

    answerList = async (route) => route.fulfill({ status: 502, body: '' });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Error loading offers: Failed to fetch offers').waitFor();
    await waitForToast(page, 'Failed to fetch offers');

    answerList = async (route) => fulfillJson(route, 200, { data: firstPage(), total: 20 });
    await page.getByRole('button', { name: 'Retry' }).click();
    await offersPage.rows(page).first().waitFor();
  });

  it('accepts from a row through the modal: one Idempotency-Key across a retry, toasts, list back to page 1', async () => {
    const { page } = browser;
    const offer = fixtureOffer({ pair: 'ETH/USD', status: 'hot', heatScore: 90 });
    answerList = async (route) => fulfillJson(route, 200, { data: [offer], total: 1 });
    const accepts: Request[] = [];
    let answer = 0;
    await page.route(`**/api/offers/${offer.id}/accept`, async (route) => {
      accepts.push(route.request());
      answer += 1;
      // The first attempt's outcome is unknown (no answer body, 503): the client retries it.
      if (answer === 1) return route.fulfill({ status: 503, body: '' });
      if (answer === 2) return fulfillJson(route, 200, fixtureAccept(offer, 250, 750));
      return fulfillJson(route, 422, { error: 'Expected profit after costs is not positive: net -0.10%' });
    });

    await offersPage.open(page, baseUrl);
    await offersPage.rows(page).first().getByRole('button', { name: 'Accept' }).click();
    const { 'Created At': createdAt, Expiration: expiration, ...details } = await offersPage.details(page);
    expect(details).toEqual({
      Pair: 'ETH/USD',
      'Position Type': 'Long',
      'Expected Profit': '1.23%',
      'Risk Level': 'Medium',
      'Success Rate': '55.56%',
      'Heat Score': '90.00',
      Status: 'Hot',
      Volume: '$1,250,000.00',
      Leverage: '1x',
    });
    expect(createdAt).toMatch(/^Nov 21, 2026, \d+:\d{2} [AP]M$/);
    expect(expiration).toMatch(/^Nov 2[12], 2026, \d+:\d{2} [AP]M$/);
    await offersPage.modal(page).getByText(offer.aiComments.summary).waitFor();
    expect(await offersPage.entryAmount(page).getAttribute('placeholder')).toBe('100');
    expect(await offersPage.autoClose(page).getAttribute('placeholder')).toBe('5');

    await offersPage.entryAmount(page).fill('250');
    await offersPage.modal(page).getByRole('button', { name: 'Accept' }).click();
    await waitForToast(page, 'Offer accepted successfully');
    await waitForToast(page, 'Trade opened: ETH/USD $250.00; balance $750.00');
    expect(accepts.map((r) => r.postDataJSON() as unknown)).toEqual([
      { entryAmount: 250, autoCloseProfitPercent: 5 },
      { entryAmount: 250, autoCloseProfitPercent: 5 },
    ]);
    const keys = accepts.map((r) => r.headers()['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    await expect.poll(() => listCalls.map((q) => q.get('offset'))).toEqual(['0', '0']);
    expect(await page.getByTestId('balance-after-accept').innerText()).toBe('$750.00');

    // A refusal: the server's words in a toast and inside the modal; a new attempt, a new key.
    await offersPage.rows(page).first().click();
    expect(await offersPage.entryAmount(page).inputValue()).toBe('100');
    await offersPage.modal(page).getByRole('button', { name: 'Accept' }).click();
    const refusal = 'Expected profit after costs is not positive: net -0.10%';
    await waitForToast(page, refusal);
    expect(await alertsIn(offersPage.modal(page))).toEqual([refusal]);
    await shot(page, 'accept-refused');
    expect(accepts[2]?.headers()['idempotency-key']).not.toBe(keys[0]);
    await page.unroute(`**/api/offers/${offer.id}/accept`);
  });

  it("rejects after the confirmation; a reject without the server's words gets 'Failed to reject offer'", async () => {
    const { page } = browser;
    const offer = fixtureOffer({ pair: 'SOL/USD' });
    answerList = async (route) => fulfillJson(route, 200, { data: [offer], total: 1 });
    let rejects = 0;
    await page.route(`**/api/offers/${offer.id}/reject`, async (route) => {
      rejects += 1;
      if (rejects === 1) return route.fulfill({ status: 500, body: '' });
      return fulfillJson(route, 200, { ok: true });
    });
    const messages: string[] = [];
    page.on('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.accept();
    });

    await offersPage.open(page, baseUrl);
    await offersPage.tab(page, 'All').click();
    await offersPage.rows(page).first().getByRole('button', { name: 'Reject' }).click();
    await waitForToast(page, 'Failed to reject offer');
    await offersPage.rows(page).first().getByRole('button', { name: 'Reject' }).click();
    await waitForToast(page, 'Offer rejected successfully');
    expect(messages).toEqual([
      'Are you sure you want to reject this offer?',
      'Are you sure you want to reject this offer?',
    ]);
    expect(rejects).toBe(2);
    page.removeAllListeners('dialog');
    await page.unroute(`**/api/offers/${offer.id}/reject`);
  });
});
