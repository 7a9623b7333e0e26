import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AcceptOfferResponse, ListOffersResponse } from '../src/contract/offers';
import { openBrowser, type BrowserSession } from './support/browser';
import { paymentsPage, signUpTrader } from './support/money-pages';
import { waitForToast } from './support/pages';

/** Calls the API from the page with the stored token (the page has no DOM types here). */
function apiScript(path: string, init: { method?: string; body?: unknown } = {}): string {
  const body = init.body === undefined ? 'undefined' : JSON.stringify(JSON.stringify(init.body));
  return `fetch(${JSON.stringify(path)}, { method: ${JSON.stringify(init.method ?? 'GET')}, body: ${body}, headers: { 'content-type': 'application/json', authorization: 'Bearer ' + localStorage.getItem('heatsignal.token') } }).then(async (r) => ({ status: r.status, body: await r.json() }))`;
}

/**
 * Your Trades while a trade opens: the screen is open before the trade exists, and the server's
 * trade_update alone brings the row in (the offers screen's Accept is another screen's work, so
 * the offer is accepted through the API here).
 */
describe('Your Trades live in the browser', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openBrowser();
    await signUpTrader(browser.page, baseUrl, 'Tara Trader');
    await paymentsPage.open(browser.page, baseUrl);
    await paymentsPage.deposit(browser.page, '200', 'pm_card_visa');
    await paymentsPage.available(browser.page).filter({ hasText: '$200.00' }).waitFor();
  });
  afterAll(async () => browser.close());

  it('shows an accepted trade as it opens, checks its status, and the balance agrees', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/trades`);
    await page.getByText('No trades available. Accept an offer to start trading!').waitFor();

    // A fresh server publishes its first offers once the simulated market has been analysed.
    let offers: ListOffersResponse['data'] = [];
    await expect
      .poll(
        async () => {
          const res = await page.evaluate<{ body: ListOffersResponse }>(apiScript('/api/offers?limit=20'));
          offers = res.body.data;
          return offers.length;
        },
        { timeout: 240_000, interval: 5_000 },
      )
      .toBeGreaterThan(0);

    // The engine may refuse an offer whose costs now exceed its edge: try the best ones in turn.
    const ranked = [...offers].sort((a, b) => b.expectedProfitPercent - a.expectedProfitPercent);
    let accepted: AcceptOfferResponse | null = null;
    const refusals: string[] = [];
    for (const offer of ranked) {
      const res = await page.evaluate<{ status: number; body: AcceptOfferResponse | { error: string } }>(
        apiScript(`/api/offers/${offer.id}/accept`, { method: 'POST', body: { entryAmount: 50 } }),
      );
      if (res.status === 200) {
        accepted = res.body as AcceptOfferResponse;
        break;
      }
      refusals.push((res.body as { error: string }).error);
    }
    expect(accepted, refusals.join(' / ')).not.toBeNull();
    const trade = accepted!.trade;

    await waitForToast(page, `Trade ${trade.id} updated: ${trade.status}`);
    const table = page.getByRole('table', { name: 'Your trades' });
    const row = table.locator('tbody tr').filter({ hasText: trade.pair });
    await row.first().waitFor();
    const cells = await row.first().locator('td').allInnerTexts();
    expect(cells[3]).toBe('$50.00');
    expect(cells[5]).toBe(trade.status === 'open' ? 'Open' : 'Closed');

    await row.first().getByRole('button', { name: 'Check Status' }).click();
    await waitForToast(page, `Trade ${trade.id} status:`);

    await paymentsPage.open(page, baseUrl);
    const expected = `$${accepted!.balance.toFixed(2)}`;
    await paymentsPage.available(page).filter({ hasText: expected }).waitFor();
  }, 360_000);
});
