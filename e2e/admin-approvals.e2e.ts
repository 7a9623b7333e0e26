import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageWidthAt390, recordConsoleErrors, signUpAdmin } from './support/admin-pages';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { startDedicatedServer, type DedicatedServer } from './support/dedicated-server';
import { alertsIn, paymentsPage, signUpTrader } from './support/money-pages';
import { waitForToast } from './support/pages';

/**
 * Pending Approvals in Chromium against a server of its own (the first sign-up is the admin): a
 * trader's two withdrawals wait for the operator, who approves one and rejects the other with a
 * reason; the trader's own history then says Completed and Rejected.
 */
describe('Pending Approvals in the browser (own server, first sign-up = admin)', () => {
  let server: DedicatedServer;
  let admin: BrowserSession;
  let trader: BrowserSession;
  let problems: string[];

  beforeAll(async () => {
    server = await startDedicatedServer({}, { template: inject('templateDataDir') });
    admin = await openBrowser();
    trader = await openBrowser();
    problems = recordConsoleErrors(admin.context);
    await signUpAdmin(admin.page, server.baseUrl);
    await signUpTrader(trader.page, server.baseUrl, 'Walter Withdraw');
    await paymentsPage.open(trader.page, server.baseUrl);
    await paymentsPage.deposit(trader.page, '500', 'pm_card_visa');
    await paymentsPage.available(trader.page).filter({ hasText: '$500.00' }).waitFor();
    const history = trader.page.getByRole('table', { name: 'Payment history' });
    for (const amount of ['30', '40']) {
      await paymentsPage.withdraw(trader.page, amount);
      await history.locator('tbody tr', { hasText: `$${amount}.00` }).waitFor();
    }
  }, 180_000);

  afterAll(async () => {
    await trader?.close();
    await admin?.close();
    await server?.stop();
  });

  const table = () => admin.page.getByRole('table', { name: 'Pending approvals' });

  it("lists the trader's two withdrawals, oldest first, with 'Total Pending: 2'", async () => {
    const { page } = admin;
    await page.goto(`${server.baseUrl}/admin/approvals`);
    await page.getByRole('heading', { name: 'Pending Approvals', level: 1 }).waitFor();
    await page.getByText('Total Pending: 2').waitFor();
    const amounts = await table().locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(amounts.map((a) => a.trim())).toEqual(['$30.00', '$40.00']);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('approves one behind the Confirmation dialog and rejects the other with a required reason', async () => {
    const { page } = admin;
    await table()
      .getByRole('button', { name: /^Approve \$30\.00 for / })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    expect(await confirm.innerText()).toContain('Approve payment of $30.00?');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await waitForToast(page, 'Withdrawal approved');
    await page.getByText('Total Pending: 1').waitFor();

    await table()
      .getByRole('button', { name: /^Reject \$40\.00 for / })
      .click();
    const reject = page.getByRole('dialog', { name: 'Reject Withdrawal' });
    await reject.getByRole('button', { name: 'Reject' }).click();
    expect((await alertsIn(reject)).length).toBe(1);
    await reject.getByLabel('Reason').fill('Card details do not match the account');
    await reject.getByRole('button', { name: 'Reject' }).click();
    await waitForToast(page, 'Withdrawal rejected');
    await page.getByText('Total Pending: 0').waitFor();
    await page.getByText('No pending approvals').waitFor();
    expect(await pageWidthAt390(page)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(problems).toEqual([]);
  });

  it("shows the trader's history: one withdrawal completed, one rejected with its reason, the money back", async () => {
    const { page } = trader;
    await paymentsPage.open(page, server.baseUrl);
    await expect
      .poll(async () =>
        (await paymentsPage.historyRows(page)).map((row) => row.slice(2, 5).join(' | ')).sort(),
      )
      .toEqual([
        'Deposit | $500.00 | Completed',
        'Withdrawal | $30.00 | Completed',
        'Withdrawal | $40.00 | Rejected\nReason: Card details do not match the account',
      ]);
    await paymentsPage.available(page).filter({ hasText: '$470.00' }).waitFor();
  });
});
