import type { Locator, Page } from 'playwright-core';

/** Page object for the admin pair-details modal (Offer Analytics, the Eye's Heatmap tab). */
export const adminPairDetailsModal = {
  modal(page: Page, pair: string): Locator {
    return page.getByRole('dialog', { name: `Pair Details: ${pair}` });
  },
  tab(modal: Locator, name: string): Locator {
    return modal.getByRole('tab', { name, exact: true });
  },
  panel(modal: Locator): Locator {
    return modal.getByRole('tabpanel');
  },
  /** Opens a tab by click and returns its panel. */
  async open(modal: Locator, name: string): Promise<Locator> {
    await adminPairDetailsModal.tab(modal, name).click();
    return adminPairDetailsModal.panel(modal);
  },
  /** The term → value pairs of the panel's detail lists. */
  async figures(panel: Locator): Promise<Record<string, string>> {
    const terms = await panel.locator('dt').allInnerTexts();
    const values = await panel.locator('dd').allInnerTexts();
    return Object.fromEntries(terms.map((t, i) => [t.trim(), (values[i] ?? '').trim()]));
  },
  /** The cells of a table's body rows. */
  async rows(table: Locator): Promise<string[][]> {
    const rows = await table.locator('tbody tr').all();
    return Promise.all(
      rows.map(async (row) => (await row.locator('td').allInnerTexts()).map((c) => c.trim())),
    );
  },
};
