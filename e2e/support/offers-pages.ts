import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AcceptOfferResponse } from '../../src/contract/offers';
import { waitForToast } from './pages';

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
  /** The filters panel (trader spec 2.7). */
  filters(page: Page): Locator {
    return page.getByRole('region', { name: 'Filters' });
  },
  /** A multi-select of the panel: 'Position Type', 'Risk Level' or 'Status'. */
  filterGroup(page: Page, name: 'Position Type' | 'Risk Level' | 'Status'): Locator {
    return offersPage.filters(page).getByRole('group', { name });
  },
  /** One choice of a multi-select, e.g. ('Risk Level', 'High'). */
  filterChoice(page: Page, group: 'Position Type' | 'Risk Level' | 'Status', name: string): Locator {
    return offersPage.filterGroup(page, group).getByRole('checkbox', { name, exact: true });
  },
  /** The modal's detail list as term → value. */
  async details(page: Page): Promise<Record<string, string>> {
    const modal = offersPage.modal(page);
    const terms = await modal.locator('dt').allInnerTexts();
    const values = await modal.locator('dd').allInnerTexts();
    return Object.fromEntries(terms.map((t, i) => [t.trim(), (values[i] ?? '').trim()]));
  },
};

export interface AcceptAttempt {
  /** The accept's answer, when one offer was taken. */
  accepted: AcceptOfferResponse | null;
  /** The accepted row's accessible name (pair and position type: one live offer each). */
  row: string;
  /** The server's words for each offer it refused. */
  refusals: string[];
}

/**
 * Accepts the listed offers in turn, through each row's Accept and the modal, until the server
 * takes one: it refuses an offer whose edge no longer covers this entry's costs, naming the
 * figures. When every row was tried it waits for the market to publish another offer.
 */
const horizonRank = (label: string) => (/scalp/i.test(label) ? 0 : /quick/i.test(label) ? 1 : 2);

export async function acceptFirstTaken(
  page: Page,
  input: { entryAmount: string; autoClose: string; waitForOffers: number; onRefusal?: () => Promise<void> },
): Promise<AcceptAttempt> {
  const rows = offersPage.rows(page);
  const modal = offersPage.modal(page);
  const tried = new Set<string>();
  const refusals: string[] = [];
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const candidates = await rows.all();
    const names = await Promise.all(
      candidates.map(async (row) => (await row.getAttribute('aria-label')) ?? ''),
    );
    // Shortest horizon first (scalps are minutes, quick trades hours, plain ones a day): the
    // journey then waits for a close by take-profit, stop-loss or expiry as briefly as it can.
    const order = names.map((_, i) => i).sort((a, b) => horizonRank(names[a]!) - horizonRank(names[b]!));
    const index = order.find((i) => !tried.has(names[i]!)) ?? -1;
    if (index < 0) {
      await expect
        .poll(() => rows.count(), { timeout: input.waitForOffers })
        .toBeGreaterThan(candidates.length);
      continue;
    }
    tried.add(names[index]!);
    await candidates[index]!.getByRole('button', { name: 'Accept' }).click();
    await offersPage.entryAmount(page).fill(input.entryAmount);
    await offersPage.autoClose(page).fill(input.autoClose);
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/accept'),
    );
    await modal.getByRole('button', { name: 'Accept' }).click();
    const response = await answer;
    const body = (await response.json()) as AcceptOfferResponse | { error: string };
    if (response.status() === 200)
      return { accepted: body as AcceptOfferResponse, row: names[index]!, refusals };
    const error = (body as { error: string }).error;
    refusals.push(error);
    await waitForToast(page, error);
    // The modal covers the toasts, so it says why itself too.
    expect(await modal.getByTestId('offer-refusal').innerText()).toBe(error);
    await input.onRefusal?.();
    await modal.getByRole('button', { name: 'Close' }).click();
  }
  return { accepted: null, row: '', refusals };
}
