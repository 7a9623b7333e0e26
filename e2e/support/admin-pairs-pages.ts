import type { Locator, Page } from 'playwright-core';

/** Page object for /admin/pairs (Manage Crypto Pairs). */
export const managePairsPage = {
  async open(page: Page, baseUrl: string) {
    await page.goto(`${baseUrl}/admin/pairs`);
    await page.getByRole('heading', { name: 'Manage Crypto Pairs', level: 1 }).waitFor();
    await managePairsPage.table(page).locator('tbody tr').first().waitFor();
  },
  table(page: Page): Locator {
    return page.getByRole('table', { name: 'Crypto pairs' });
  },
  /** The N of 'Total Pairs: N'. */
  async total(page: Page): Promise<number> {
    const text = await page.getByText(/^Total Pairs: \d+$/).innerText();
    return Number(text.replace('Total Pairs: ', ''));
  },
  /** Types into the search box (the list follows 300 ms after the last key). */
  async search(page: Page, text: string) {
    await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  },
  /** The symbols of the rows on screen, in order (column 2, after the checkbox). */
  async symbols(page: Page): Promise<string[]> {
    const cells = await managePairsPage.table(page).locator('tbody tr td:nth-child(2)').allInnerTexts();
    return cells.map((cell) => cell.trim());
  },
  /** Every row as its cell texts (to compare the list before and after). */
  async rows(page: Page): Promise<string[][]> {
    const rows = await managePairsPage.table(page).locator('tbody tr').all();
    return Promise.all(
      rows.map(async (row) => (await row.locator('td').allInnerTexts()).map((t) => t.trim())),
    );
  },
  activeSwitch(page: Page, symbol: string): Locator {
    return page.getByRole('switch', { name: `Active ${symbol}` });
  },
  addDialog(page: Page): Locator {
    return page.getByRole('dialog', { name: 'Add New Crypto Pair' });
  },
  /** Opens 'Add New Crypto Pair', types the symbol and submits. */
  async submitNewPair(page: Page, symbol: string) {
    const dialog = managePairsPage.addDialog(page);
    if (!(await dialog.isVisible()))
      await page.getByRole('button', { name: 'Add Pair', exact: true }).click();
    await dialog.getByLabel('Symbol', { exact: true }).fill(symbol);
    await dialog.getByRole('button', { name: 'Add Pair' }).click();
  },
  /** Checks the question of the 'Confirmation' dialog and confirms it. */
  async confirm(page: Page, question: string) {
    const dialog = page.getByRole('dialog', { name: 'Confirmation' });
    await dialog.getByText(question, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await dialog.waitFor({ state: 'detached' });
  },
};
