import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import type { HttpAccount } from './operator';

/** Page object for /admin/reports. */
export const reportsPage = {
  async open(page: Page, baseUrl: string) {
    await page.goto(`${baseUrl}/admin/reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  },
  table(page: Page, name: 'Recent Trades' | 'Recent Payments'): Locator {
    return page.getByRole('table', { name });
  },
  pager(page: Page, name: 'Recent Trades' | 'Recent Payments'): Locator {
    return page.getByRole('navigation', { name: `${name} pages` });
  },
  /** Each body row's cells, trimmed, in the table's order. */
  async rows(page: Page, name: 'Recent Trades' | 'Recent Payments'): Promise<string[][]> {
    const rows = await reportsPage.table(page, name).locator('tbody tr').all();
    const cells = await Promise.all(rows.map((row) => row.locator('td').allInnerTexts()));
    return cells.map((texts) => texts.map((t) => t.trim()));
  },
  /** Clicks a sortable header's button (e.g. 'Amount'). */
  async sortBy(page: Page, name: 'Recent Trades' | 'Recent Payments', column: string) {
    await reportsPage
      .table(page, name)
      .getByRole('columnheader', { name: new RegExp(`^${column}`) })
      .getByRole('button')
      .click();
  },
  /** Clicks a download button and returns the saved file's name and bytes. */
  async download(page: Page, format: 'CSV' | 'PDF'): Promise<{ fileName: string; bytes: Buffer }> {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Download ${format}` }).click(),
    ]);
    const path = await download.path();
    return { fileName: download.suggestedFilename(), bytes: readFileSync(path) };
  },
};

/** Deposits with the simulated card over HTTP, as the trader's own client would. */
export async function depositOverHttp(baseUrl: string, trader: HttpAccount, amount: number): Promise<void> {
  const response = await fetch(`${baseUrl}/api/payments/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
    body: JSON.stringify({ amount, paymentMethodId: 'pm_card_visa' }),
  });
  if (response.status !== 200) throw new Error(`deposit failed: ${response.status} ${await response.text()}`);
}

/** A GET as the trader (their own payment history, balance). */
export async function asTrader<T>(baseUrl: string, trader: HttpAccount, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${trader.token}` } });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * The text an uncompressed pdfkit PDF shows: the hex strings of its TJ operators, one line per
 * operator (no PDF library is installed; the server writes its PDFs uncompressed for this).
 */
export function pdfText(pdf: Buffer): string {
  const body = pdf.toString('latin1');
  const shown: string[] = [];
  for (const [, array] of body.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
    const pieces = [...array!.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, hex]) =>
      Buffer.from(hex!, 'hex').toString('latin1'),
    );
    shown.push(pieces.join(''));
  }
  return shown.join('\n');
}

/** Page objects in the PDF's structure (`/Type /Page`, not the `/Pages` tree). */
export function pdfPageCount(pdf: Buffer): number {
  return [...pdf.toString('latin1').matchAll(/\/Type\s*\/Page(?![a-zA-Z])/g)].length;
}
