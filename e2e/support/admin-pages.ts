import type { BrowserContext, Locator, Page } from 'playwright-core';
import { signUpTrader } from './money-pages';

/*
 * Shared helpers of the back-office browser tests. Each file runs a dedicated server, whose first
 * sign-up founds the operator organisation and so is the admin.
 */

/** Signs up the first account of a fresh server: the admin. Returns its email. */
export async function signUpAdmin(page: Page, baseUrl: string): Promise<string> {
  const email = await signUpTrader(page, baseUrl, 'Ada Admin');
  // The admin area answers only once /api/me says org:admin.
  await page.goto(`${baseUrl}/admin/settings`);
  await page.getByRole('heading', { name: 'Platform Settings', level: 1 }).waitFor();
  return email;
}

/** Every /api call a context sends, as 'METHOD /path', and the answers of 500 and above. */
export function recordApiCalls(context: BrowserContext): { calls: string[]; serverErrors: string[] } {
  const calls: string[] = [];
  const serverErrors: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${request.method()} ${url.pathname}`);
  });
  context.on('response', (response) => {
    if (response.status() >= 500) serverErrors.push(`${response.status()} ${response.url()}`);
  });
  return { calls, serverErrors };
}

/** Console errors and uncaught exceptions; Chromium's own line for a 4xx answer is left out (asserted where provoked). */
export function recordConsoleErrors(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on('console', (message) => {
    const provoked = /^Failed to load resource: the server responded with a status of 4\d\d/.test(
      message.text(),
    );
    if (message.type() === 'error' && !provoked) problems.push(message.text());
  });
  context.on('weberror', (error) => problems.push(error.error().message));
  return problems;
}

/** The page does not scroll sideways at a phone's 390 px (wide tables scroll in their own box). */
export async function pageWidthAt390(page: Page): Promise<number> {
  await page.setViewportSize({ width: 390, height: 844 });
  return page.evaluate<number>('document.documentElement.scrollWidth');
}

/** Page object for /admin/settings. */
export const platformSettingsPage = {
  async open(page: Page, baseUrl: string) {
    await page.goto(`${baseUrl}/admin/settings`);
    await page.getByRole('heading', { name: 'Platform Settings', level: 1 }).waitFor();
    // The form renders once the stored settings have loaded.
    await platformSettingsPage.configForm(page).waitFor();
  },
  configForm(page: Page): Locator {
    return page.getByRole('form', { name: 'Global Config' });
  },
  triggerForm(page: Page): Locator {
    return page.getByRole('form', { name: 'Manage Trigger' });
  },
  async saveConfig(page: Page) {
    await platformSettingsPage.configForm(page).getByRole('button', { name: 'Save Settings' }).click();
  },
  async submitTrigger(
    page: Page,
    input: {
      action: 'add' | 'update' | 'delete';
      type: string;
      symbol: string;
      keywords?: string;
      active?: boolean;
    },
  ) {
    const form = platformSettingsPage.triggerForm(page);
    await form.getByLabel('Action').selectOption(input.action);
    await form.getByLabel('Trigger Type').selectOption(input.type);
    await form.getByLabel('Symbol').fill(input.symbol);
    if (input.keywords !== undefined) await form.getByLabel('Keywords').fill(input.keywords);
    if (input.active !== undefined) await form.getByLabel('Active').setChecked(input.active);
    await form.getByRole('button', { name: 'Submit' }).click();
  },
};

/** Page object for /admin/offer-analytics. */
export const offerAnalyticsPage = {
  table(page: Page): Locator {
    return page.getByRole('table', { name: 'Heatmap of active pairs' });
  },
  /** Each body row's pair and heat score, in the table's order. */
  async rows(page: Page): Promise<{ pair: string; heat: number }[]> {
    const rows = await offerAnalyticsPage.table(page).locator('tbody tr[aria-label]').all();
    const cells = await Promise.all(rows.map((row) => row.locator('td').allInnerTexts()));
    return cells.map(([pair, heat]) => ({ pair: pair!.trim(), heat: Number(heat) }));
  },
};
