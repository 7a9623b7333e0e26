import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type BrowserSession } from './support/browser';
import { paymentsPage, signUpTrader } from './support/money-pages';
import { pathAndQuery, waitForToast } from './support/pages';

/**
 * A newcomer's money in a real browser against the real server (simulated card provider, which
 * follows Stripe's test payment methods): every figure on screen comes from the ledger.
 */
describe('money flows in the browser', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  const moneyPosts: { path: string; key: string | undefined }[] = [];

  beforeAll(async () => {
    browser = await openBrowser();
    browser.context.on('request', (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/payments/')) {
        moneyPosts.push({ path: new URL(request.url()).pathname, key: request.headers()['idempotency-key'] });
      }
    });
    await signUpTrader(browser.page, baseUrl, 'Marta Money');
  });
  afterAll(async () => browser.close());

  it('starts a newcomer at $0.00 with an empty history and no trades', async () => {
    const { page } = browser;
    await paymentsPage.open(page, baseUrl);
    await paymentsPage.available(page).filter({ hasText: '$0.00' }).waitFor();
    expect(await paymentsPage.held(page).count()).toBe(0);
    await page.getByText('No payments yet.').waitFor();

    await page.goto(`${baseUrl}/trades`);
    await page.getByText('No trades available. Accept an offer to start trading!').waitFor();
  });

  it('deposits with pm_card_visa: balance and history agree, with an Idempotency-Key', async () => {
    const { page } = browser;
    await paymentsPage.open(page, baseUrl);
    await paymentsPage.deposit(page, '50', 'pm_card_visa');
    await waitForToast(page, 'Deposit request submitted');
    await paymentsPage.available(page).filter({ hasText: '$50.00' }).waitFor();
    await expect
      .poll(async () => (await paymentsPage.historyRows(page))[0]?.slice(2, 5))
      .toEqual(['Deposit', '$50.00', 'Completed']);
    const deposit = moneyPosts.find((p) => p.path === '/api/payments/deposit');
    expect(deposit?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a declined card with the provider's reason and leaves the balance alone", async () => {
    const { page } = browser;
    await paymentsPage.deposit(page, '25', 'pm_card_chargeDeclined');
    await waitForToast(page, 'Your card was declined.');
    await expect
      .poll(async () => (await paymentsPage.historyRows(page))[0]?.slice(2, 5).join(' | '))
      .toMatch(/^Deposit \| \$25\.00 \| Failed\s+Reason: Your card was declined\.$/);
    expect(await paymentsPage.available(page).innerText()).toBe('$50.00');
    const keys = moneyPosts.filter((p) => p.path === '/api/payments/deposit').map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('holds a withdrawal as Pending until an admin decides', async () => {
    const { page } = browser;
    await paymentsPage.withdraw(page, '20');
    await waitForToast(page, 'Withdrawal request submitted');
    await paymentsPage.available(page).filter({ hasText: '$30.00' }).waitFor();
    await paymentsPage.held(page).filter({ hasText: '$20.00' }).waitFor();
    await expect
      .poll(async () => (await paymentsPage.historyRows(page))[0]?.slice(2, 6))
      .toEqual(['Withdrawal', '$20.00', 'Pending', 'N/A']);
    await page.reload();
    await paymentsPage.held(page).filter({ hasText: '$20.00' }).waitFor();
  });

  it('refuses a withdrawal beyond the available balance and moves nothing', async () => {
    const { page } = browser;
    await paymentsPage.withdraw(page, '30.01');
    await page
      .locator('.Toastify__toast--error', { hasNotText: 'Your card was declined.' })
      .first()
      .waitFor();
    expect(await paymentsPage.available(page).innerText()).toBe('$30.00');
    expect(await paymentsPage.held(page).innerText()).toBe('$20.00');
  });

  it('sends a tip and pages the history by 10', async () => {
    const { page } = browser;
    await paymentsPage.tip(page, '1.50');
    await waitForToast(page, 'Tip sent');
    await paymentsPage.available(page).filter({ hasText: '$28.50' }).waitFor();
    await expect
      .poll(async () => (await paymentsPage.historyRows(page))[0]?.slice(2, 5))
      .toEqual(['Tip', '$1.50', 'Completed']);
    // Four payments so far; seven more $1 tips make eleven, one more than a page.
    // (Each waits for its own balance: the previous 'Tip sent' toast may still be on screen.)
    for (let i = 1; i <= 7; i += 1) {
      await paymentsPage.tip(page, '1');
      await paymentsPage
        .available(page)
        .filter({ hasText: `$${(28.5 - i).toFixed(2)}` })
        .waitFor();
    }
    const pager = page.getByRole('navigation', { name: 'Payment history pages' });
    await pager.getByText('Page 1 of 2 (1-10 of 11)').waitFor();
    expect((await paymentsPage.historyRows(page)).length).toBe(10);
    await pager.getByRole('button', { name: 'Next' }).click();
    await pager.getByText('Page 2 of 2 (11-11 of 11)').waitFor();
    // The first page stays on screen until the second has loaded.
    await expect
      .poll(async () => (await paymentsPage.historyRows(page)).map((row) => row.slice(2, 5)))
      .toEqual([['Deposit', '$50.00', 'Completed']]);
  });

  it('updates an open Payments screen live when money moves elsewhere', async () => {
    const watcher = await browser.context.newPage();
    await paymentsPage.open(watcher, baseUrl);
    await paymentsPage.available(watcher).filter({ hasText: '$21.50' }).waitFor();
    // Give the watcher's socket a moment to join the user's room.
    await watcher.waitForTimeout(500);

    await paymentsPage.deposit(browser.page, '10', 'pm_card_mastercard');
    await waitForToast(browser.page, 'Deposit request submitted');
    await paymentsPage.available(watcher).filter({ hasText: '$31.50' }).waitFor({ timeout: 10_000 });
    await watcher.close();
  });

  it("sends a signed-out trader from Your Trades to /auth with 'Please sign in to view trades'", async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/trades`);
    await page.getByText('No trades available. Accept an offer to start trading!').waitFor();
    // The session ends on the server (as when it expires) while the screen is open.
    await page.evaluate(
      "fetch('/api/auth/sign-out', { method: 'POST', headers: { authorization: 'Bearer ' + localStorage.getItem('heatsignal.token'), 'content-type': 'application/json' }, body: '{}' })",
    );
    await page.evaluate("window.dispatchEvent(new Event('visibilitychange'))");
    await waitForToast(page, 'Please sign in to view trades');
    await page.waitForURL(/\/auth\?/);
    expect(pathAndQuery(page)).toBe('/auth?redirect=%2Ftrades');
  });
});
