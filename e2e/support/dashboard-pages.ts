import type { Locator, Page } from 'playwright-core';

/** Calls the API from the page with the stored token (the e2e code has no DOM types). */
export function apiFromPage<T>(
  page: Page,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const body = init.body === undefined ? 'undefined' : JSON.stringify(JSON.stringify(init.body));
  return page.evaluate<{ status: number; body: T }>(
    `fetch(${JSON.stringify(path)}, { method: ${JSON.stringify(init.method ?? 'GET')}, body: ${body}, headers: { 'content-type': 'application/json', authorization: 'Bearer ' + localStorage.getItem('heatsignal.token') } }).then(async (r) => ({ status: r.status, body: await r.json() }))`,
  );
}

/** Page object for /dashboard and its two modals. */
export const dashboardPage = {
  async open(page: Page, baseUrl: string) {
    await page.goto(`${baseUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
  },
  section(page: Page, title: string): Locator {
    return page.getByRole('region', { name: title, exact: true }).filter({
      has: page.getByRole('heading', { level: 2, name: title, exact: true }),
    });
  },
  table(page: Page, title: string): Locator {
    return page.getByRole('table', { name: title, exact: true });
  },
  /** Body rows holding data (not the loading or empty placeholder). */
  rows(page: Page, title: string): Locator {
    return dashboardPage.table(page, title).locator('tbody tr:not(:has(td[colspan]))');
  },
  async placeholder(page: Page, title: string): Promise<string> {
    return (await dashboardPage.table(page, title).locator('td[colspan]').innerText()).trim();
  },
  async headers(page: Page, title: string): Promise<string[]> {
    // textContent: the header row is styled upper-case, which innerText would report.
    const texts = await dashboardPage.table(page, title).locator('thead th').allTextContents();
    return texts.map((t) => t.trim());
  },
  async cells(row: Locator): Promise<string[]> {
    return (await row.locator('td').allInnerTexts()).map((t) => t.trim());
  },
  /** 'Your Stats' (one row, a column per figure) as label → value. */
  async stats(page: Page): Promise<Record<string, string>> {
    const labels = await dashboardPage.headers(page, 'Your Stats');
    const values = await dashboardPage.cells(dashboardPage.rows(page, 'Your Stats').first());
    return Object.fromEntries(labels.map((label, i) => [label, values[i] ?? '']));
  },
  modal(page: Page, name: string): Locator {
    return page.getByRole('dialog', { name });
  },
  /** A modal's detail list as term → value. */
  async details(modal: Locator): Promise<Record<string, string>> {
    const terms = await modal.locator('dt').allInnerTexts();
    const values = await modal.locator('dd').allInnerTexts();
    return Object.fromEntries(terms.map((t, i) => [t.trim(), (values[i] ?? '').trim()]));
  },
};

/**
 * True when the page itself scrolls sideways (wide tables must scroll inside their own box), as
 * painted: read a frame after the next, when a viewport change's resize observers have run. Read at
 * once after a resize, a chart's canvas still had its old width (the chart redraws from its
 * observer, before the frame is painted, so no user sees that), and a CI run failed on it.
 */
export async function pageOverflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() =>
      resolve(document.documentElement.scrollWidth > document.documentElement.clientWidth))))`,
  );
}

/** Whether the element focused now is the one `locator` finds. */
export async function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element: unknown) =>
      element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement,
  );
}
