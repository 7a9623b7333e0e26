import type { Page } from 'playwright-core';

/** The public track record's screen (/track-record), as its browser tests read it. */
export const trackRecordPage = {
  /** From the landing page's hero: the spec's header has no link of its own for it. */
  open: async (page: Page) => {
    await page.getByRole('link', { name: 'View Track Record' }).click();
    await page.getByRole('heading', { name: 'Track record', level: 1 }).waitFor();
  },
  count: (page: Page) => page.getByTestId('chain-count'),
  figure: (page: Page, term: string) =>
    page.locator('dt', { hasText: new RegExp(`^${term}$`) }).locator('xpath=following-sibling::dd[1]'),
  chart: (page: Page) => page.getByRole('img', { name: /^Equity curve: cumulative net return/ }),
  families: (page: Page) => page.getByRole('table', { name: 'Per family, live against backtest' }),
  offers: (page: Page) =>
    page.getByRole('table', { name: 'Published offers, newest first' }).locator('tbody tr'),
  shown: (page: Page) => page.getByTestId('offers-shown'),
  filter: (page: Page, name: string) => page.getByRole('combobox', { name, exact: true }),
  async familyRows(page: Page): Promise<string[][]> {
    const texts: string[][] = [];
    for (const row of await trackRecordPage.families(page).locator('tbody tr').all())
      texts.push((await row.locator('td').allInnerTexts()).map((t) => t.trim()));
    return texts;
  },
};
