import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { screenshots } from './support/journey';
import { signUpTrader } from './support/money-pages';
import { asOperator } from './support/operator';

/*
 * The bell in Chromium on the shared server: a trader away from the Payments page has two
 * withdrawals decided by the operator (through the API, as the back office does); the bell counts
 * them live, opens on the newest, follows one to Payments (read), and marks the rest read.
 */
describe('the notification bell in the browser', () => {
  const baseUrl = inject('baseUrl');
  const operator = inject('operator');
  const { shot } = screenshots('heatsignal-notifications');
  let browser: BrowserSession;
  let token = '';
  const consoleErrors: string[] = [];
  const withdrawals: string[] = [];

  /** Calls the API as the signed-in trader. */
  async function asTrader(path: string, method: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    browser = await openBrowser();
    browser.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    browser.page.on('pageerror', (error) => consoleErrors.push(error.message));
    await signUpTrader(browser.page, baseUrl, 'Nora Notified');
    token = String(await browser.page.evaluate(`localStorage.getItem('heatsignal.token')`));
    // The shared market publishes offers at its own pace: this trader hears only of their money.
    await asTrader('/api/users/preferences', 'PUT', {
      notificationPrefs: { newOffer: false, tradeClose: true, highRisk: false, lowSuccess: false },
    });
    await asTrader('/api/payments/deposit', 'POST', { amount: 200, paymentMethodId: 'pm_card_visa' });
    for (const amount of [30, 40]) {
      const asked = (await asTrader('/api/payments/withdrawal', 'POST', { amount })) as {
        payment: { id: string };
      };
      withdrawals.push(asked.payment.id);
    }
  }, 120_000);
  afterAll(async () => browser.close());

  const bell = () => browser.page.getByRole('button', { name: /^Notifications/ });
  const panel = () => browser.page.getByRole('dialog', { name: /^Notifications/ });

  it('counts a decision live, opens on it, and follows it to Payments, read', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();

    const rejected = await asOperator(baseUrl, operator, `/api/admin/reject-withdrawal/${withdrawals[1]}`, {
      method: 'POST',
      body: { reason: 'Card details do not match' },
    });
    expect(rejected.status).toBe(200);
    // No reload: the socket brings it.
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();
    expect(await page.getByTestId('notification-badge').innerText()).toBe('1');

    await bell().click();
    const item = panel().getByRole('link', { name: /Withdrawal rejected/ });
    await item.waitFor();
    expect(await item.innerText()).toContain(
      '$40.00 is back in your balance. Reason: Card details do not match',
    );
    expect(await item.innerText()).toContain('just now');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'bell-open');

    await page.keyboard.press('Escape');
    await expect.poll(() => panel().count()).toBe(0);
    expect(await page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe(
      'Notifications, 1 unread',
    );

    await bell().click();
    await panel()
      .getByRole('link', { name: /Withdrawal rejected/ })
      .click();
    await page.waitForURL(/\/payments$/);
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
  });

  it('marks everything read at once', async () => {
    const { page } = browser;
    const approved = await asOperator(baseUrl, operator, `/api/admin/approve-withdrawal/${withdrawals[0]}`, {
      method: 'POST',
      body: {},
    });
    expect(approved.status).toBe(200);
    await page.getByRole('button', { name: 'Notifications, 1 unread' }).waitFor();

    await bell().click();
    await panel()
      .getByRole('link', { name: /Withdrawal approved/ })
      .waitFor();
    expect(await panel().getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Unread:\s*Withdrawal approved\s/),
      expect.stringMatching(/^Withdrawal rejected\s/),
    ]);
    await panel().getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    // What the server holds, not only the screen: a reload shows them read.
    await page.reload();
    await page.getByRole('button', { name: 'Notifications', exact: true }).waitFor();
    expect(await page.getByTestId('notification-badge').count()).toBe(0);
    expect(consoleErrors).toEqual([]);
  });
});
