import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BalanceResponse, PaymentHistoryResponse } from '../src/contract/payments';
import { recordConsoleErrors } from './support/admin-pages';
import { asTrader, depositOverHttp, pdfPageCount, pdfText, reportsPage } from './support/admin-reports-pages';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { pageOverflowsSideways } from './support/dashboard-pages';
import { cents, screenshots } from './support/journey';
import { signInAsOperator, signUpOverHttp, type HttpAccount } from './support/operator';
import { waitForToast } from './support/pages';

/*
 * Reports (/admin/reports) on the shared server: a new trader's deposits over HTTP (the simulated
 * card), then the operator filters the reports by that trader's email and sees exactly their rows
 * with the ledger's amounts, sorts, opens a row, changes the page size, and downloads the CSV and
 * the PDF. Other files' rows share this database, so everything is narrowed to this trader.
 */

/** 11 deposits: one more than the default page of 10. */
const DEPOSITS = [120, 35.5, 60, 15, 250, 42.25, 18, 99.99, 75, 11, 300];
const byAmount = (a: number, b: number) => a - b;

describe('Reports in the browser (shared server)', () => {
  const baseUrl = inject('baseUrl');
  const operator = inject('operator');
  const { dir, shot } = screenshots('heatsignal-admin-reports');
  let trader: HttpAccount;
  let browser: BrowserSession;
  let problems: string[];
  /** The trader's payments as their own history (the ledger's movements) reports them. */
  let history: PaymentHistoryResponse['payments'];

  beforeAll(async () => {
    console.info(`admin reports screenshots: ${dir}`);
    trader = await signUpOverHttp(baseUrl, 'Rita Reports');
    for (const amount of DEPOSITS) await depositOverHttp(baseUrl, trader, amount);
    ({ payments: history } = await asTrader<PaymentHistoryResponse>(
      baseUrl,
      trader,
      '/api/payments/payment-history?limit=100',
    ));
    const { balance } = await asTrader<BalanceResponse>(baseUrl, trader, '/api/payments/balance');
    // The history and the balance agree with what was deposited.
    expect(history.map((p) => p.amount).sort(byAmount)).toEqual([...DEPOSITS].sort(byAmount));
    expect(Math.round(balance * 100)).toBe(DEPOSITS.reduce((sum, d) => sum + Math.round(d * 100), 0));
    browser = await openBrowser();
    problems = recordConsoleErrors(browser.context);
    await signInAsOperator(browser.page, baseUrl, operator);
  }, 60_000);
  afterAll(async () => browser?.close());

  const paymentAmounts = async () =>
    (await reportsPage.rows(browser.page, 'Recent Payments')).map((row) => cents(row[1]!) / 100);

  it("filters by the trader's email and shows their payments with the ledger's amounts", async () => {
    const { page } = browser;
    await reportsPage.open(page, baseUrl);
    await reportsPage.table(page, 'Recent Payments').locator('tbody tr').first().waitFor();
    await page.getByLabel('Filter by User').fill(trader.email);
    await reportsPage.pager(page, 'Recent Payments').getByText('Page 1 of 2 (1-10 of 11)').waitFor();
    await page.getByText('No Recent Trades available').waitFor();
    const rows = await reportsPage.rows(page, 'Recent Payments');
    expect(rows).toHaveLength(10);
    for (const row of rows) {
      expect([row[0], row[2]]).toEqual(['Deposit', 'Completed']);
      expect(row[3]).toContain(trader.email);
    }
    // Newest first: the last ten deposits, in reverse order.
    expect(await paymentAmounts()).toEqual(DEPOSITS.slice(1).reverse());
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'filtered-by-trader');
  });

  it('sorts by amount both ways, changes the page size, and opens a row in Details', async () => {
    const { page } = browser;
    const sorted = [...DEPOSITS].sort(byAmount);
    await page.getByLabel('Page Size').selectOption('25');
    await reportsPage.pager(page, 'Recent Payments').getByText('Page 1 of 1 (1-11 of 11)').waitFor();
    await expect.poll(paymentAmounts).toEqual([...DEPOSITS].reverse());

    await reportsPage.sortBy(page, 'Recent Payments', 'Amount');
    await expect.poll(paymentAmounts).toEqual(sorted);
    const amountHeader = reportsPage
      .table(page, 'Recent Payments')
      .getByRole('columnheader', { name: /^Amount/ });
    expect(await amountHeader.getAttribute('aria-sort')).toBe('ascending');
    expect(await amountHeader.innerText()).toContain('▲');
    await reportsPage.sortBy(page, 'Recent Payments', 'Amount');
    await expect.poll(paymentAmounts).toEqual([...sorted].reverse());
    expect(await amountHeader.getAttribute('aria-sort')).toBe('descending');

    // The biggest deposit, as the trader's own history records it.
    const biggest = history.find((p) => p.amount === 300)!;
    await reportsPage.table(page, 'Recent Payments').locator('tbody tr').first().click();
    const dialog = page.getByRole('dialog', { name: 'Details' });
    const record = JSON.parse(await dialog.locator('pre').innerText()) as Record<string, unknown>;
    expect(record).toMatchObject({
      id: biggest.id,
      type: 'deposit',
      amount: 300,
      status: 'completed',
      User: { email: trader.email },
    });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'details');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it("downloads the CSV: the header rows and every one of the trader's payments", async () => {
    const { page } = browser;
    const { fileName, bytes } = await reportsPage.download(page, 'CSV');
    await waitForToast(page, 'Report downloaded as CSV');
    expect(fileName).toMatch(/^reports-CSV-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = bytes.toString('utf8').split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Recent Trades',
      'id,pair,amount,profitPercent,username,email,createdAt',
      '',
    ]);
    expect(lines.slice(3, 5)).toEqual(['Recent Payments', 'id,type,amount,status,username,email,createdAt']);
    const rows = lines.slice(5).filter(Boolean);
    // Sorted as the screen was last sorted: amount, descending.
    expect(rows.map((line) => Number(line.split(',')[2]))).toEqual([...DEPOSITS].sort(byAmount).reverse());
    for (const line of rows)
      expect(line).toMatch(new RegExp(`,deposit,[\\d.]+,completed,.*,${trader.email},`));
    expect(new Set(rows.map((line) => line.split(',')[0]))).toEqual(new Set(history.map((p) => p.id)));
  });

  it("downloads the PDF: a real PDF holding the trader's rows", async () => {
    const { page } = browser;
    const { fileName, bytes } = await reportsPage.download(page, 'PDF');
    await waitForToast(page, 'Report downloaded as PDF');
    expect(fileName).toMatch(/^reports-PDF-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-8).toString('latin1')).toContain('%%EOF');
    expect(pdfPageCount(bytes)).toBeGreaterThanOrEqual(1);
    const text = pdfText(bytes);
    expect(text).toContain('HeatSignal report');
    expect(text).toContain(`user: ${trader.email}`);
    expect(text).toContain('No Recent Trades available');
    expect(text).toContain('Recent Payments');
    for (const payment of history) expect(text).toContain(payment.id);
    expect(text.replace(/\n/g, '')).toContain(trader.email);
  });

  it('fits a 390 px phone without sideways page scroll, with no console errors', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    await reportsPage.table(page, 'Recent Payments').locator('tbody tr').first().waitFor();
    expect(await pageOverflowsSideways(page)).toBe(false);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'phone-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(problems).toEqual([]);
  });
});
