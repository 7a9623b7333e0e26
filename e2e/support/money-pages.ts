import type { Locator, Page } from 'playwright-core';
import { authPages, uniqueEmail } from './pages';

/** Signs a new trader up in this page's context and returns their email. */
export async function signUpTrader(page: Page, baseUrl: string, name: string): Promise<string> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  await authPages.signUp(page, baseUrl, { name, email });
  return email;
}

/** Inline validation messages inside one form (or the whole page). */
export async function alertsIn(scope: Locator | Page): Promise<string[]> {
  return (await scope.getByRole('alert').allTextContents()).map((t) => t.trim());
}

/** Page object for /payments. */
export const paymentsPage = {
  async open(page: Page, baseUrl: string) {
    await page.goto(`${baseUrl}/payments`);
    await page.getByRole('heading', { name: 'Payments', level: 1 }).waitFor();
  },
  form(page: Page, name: 'Deposit' | 'Withdraw' | 'Tip'): Locator {
    return page.getByRole('form', { name });
  },
  async deposit(page: Page, amount: string, paymentMethodId: string) {
    const form = paymentsPage.form(page, 'Deposit');
    await form.getByLabel('Amount ($)').fill(amount);
    await form.getByLabel('Payment Method ID').fill(paymentMethodId);
    await form.getByRole('button', { name: 'Deposit' }).click();
  },
  async withdraw(page: Page, amount: string) {
    const form = paymentsPage.form(page, 'Withdraw');
    await form.getByLabel('Amount ($)').fill(amount);
    await form.getByRole('button', { name: 'Withdraw' }).click();
  },
  async tip(page: Page, amount: string) {
    const form = paymentsPage.form(page, 'Tip');
    await form.getByLabel('Amount ($)').fill(amount);
    await form.getByRole('button', { name: 'Send Tip' }).click();
  },
  available(page: Page): Locator {
    return page.getByTestId('available-balance');
  },
  held(page: Page): Locator {
    return page.getByTestId('held-balance');
  },
  /** Body rows of the payment history, each as its cells' texts. */
  async historyRows(page: Page): Promise<string[][]> {
    const rows = page.getByRole('table', { name: 'Payment history' }).locator('tbody tr');
    const texts: string[][] = [];
    for (const row of await rows.all())
      texts.push((await row.locator('td').allInnerTexts()).map((t) => t.trim()));
    return texts;
  },
};

/** Page object for /referrals. */
export const referralsPage = {
  async open(page: Page, baseUrl: string) {
    await page.goto(`${baseUrl}/referrals`);
    await page.getByRole('heading', { name: 'Referrals', level: 1 }).waitFor();
  },
  form(page: Page): Locator {
    return page.getByRole('form', { name: 'Enter a referral code' });
  },
  async ownCode(page: Page): Promise<string> {
    const code = page.getByTestId('own-referral-code');
    await code.filter({ hasText: /\S/ }).waitFor();
    return (await code.innerText()).trim();
  },
  async submit(page: Page, code: string) {
    const form = referralsPage.form(page);
    await form.getByLabel('Referral Code').fill(code);
    await form.getByRole('button', { name: 'Submit Referral' }).click();
  },
};

/** Page object for /settings. */
export const settingsPage = {
  async open(page: Page, baseUrl: string) {
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('heading', { name: 'User Settings', level: 1 }).waitFor();
    await settingsPage.form(page).waitFor();
  },
  form(page: Page): Locator {
    return page.getByRole('form', { name: 'Preferences' });
  },
  async save(page: Page) {
    await settingsPage.form(page).getByRole('button', { name: 'Save Preferences' }).click();
  },
};
