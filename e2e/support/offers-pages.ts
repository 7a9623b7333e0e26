import type { Locator, Page } from 'playwright-core';

/** Page object for /offers ('Crypto Offers Dashboard') and its offer-details modal. */
export const offersPage = {
  async open(page: Page, baseUrl: string) {
    await page.goto(`${baseUrl}/offers`);
    await page.getByRole('heading', { name: 'Crypto Offers Dashboard', level: 1 }).waitFor();
  },
  /** 'Hot', 'Ready', 'Risky' or 'All'; its accessible name carries the count, e.g. 'All (3)'. */
  tab(page: Page, name: 'Hot' | 'Ready' | 'Risky' | 'All'): Locator {
    return page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) });
  },
  async tabCount(page: Page, name: 'Hot' | 'Ready' | 'Risky' | 'All'): Promise<number> {
    const text = await offersPage.tab(page, name).innerText();
    return Number(/\((\d+)\)/.exec(text)?.[1] ?? Number.NaN);
  },
  /** The table's section heading, e.g. 'Offers (3 All)'. */
  tableTitle(page: Page): Locator {
    return page.getByRole('tabpanel').getByRole('heading', { level: 2 });
  },
  table(page: Page): Locator {
    return page.getByRole('tabpanel').getByRole('table');
  },
  /** Body rows of offers (not the loading or empty placeholder rows). */
  rows(page: Page): Locator {
    return offersPage.table(page).locator('tbody tr[tabindex="0"]');
  },
  async headers(page: Page): Promise<string[]> {
    // textContent: the header row is styled upper-case, which innerText would report.
    return (await offersPage.table(page).locator('thead th').allTextContents()).map((t) => t.trim());
  },
  async cells(row: Locator): Promise<string[]> {
    return (await row.locator('td').allInnerTexts()).map((t) => t.trim());
  },
  modal(page: Page): Locator {
    return page.getByRole('dialog');
  },
  entryAmount(page: Page): Locator {
    return offersPage.modal(page).getByLabel('Entry Amount ($)');
  },
  autoClose(page: Page): Locator {
    return offersPage.modal(page).getByLabel('Auto-Close Profit Percent (%)');
  },
  /** The modal's detail list as term → value. */
  async details(page: Page): Promise<Record<string, string>> {
    const modal = offersPage.modal(page);
    const terms = await modal.locator('dt').allInnerTexts();
    const values = await modal.locator('dd').allInnerTexts();
    return Object.fromEntries(terms.map((t, i) => [t.trim(), (values[i] ?? '').trim()]));
  },
};
