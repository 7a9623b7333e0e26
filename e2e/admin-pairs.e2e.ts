import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminListResponse } from '../src/contract/admin-collections';
import type { CryptoPairRecord, SyncKrakenPairsResponse } from '../src/contract/admin-pairs';
import {
  startFakeKrakenServer,
  readKrakenFixture,
  type FakeKrakenServer,
} from '../src/server/providers/market/kraken/fake-kraken-server';
import { recordConsoleErrors, signUpAdmin } from './support/admin-pages';
import { managePairsPage as pairs } from './support/admin-pairs-pages';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { pageOverflowsSideways } from './support/dashboard-pages';
import { startDedicatedServer, type DedicatedServer } from './support/dedicated-server';
import { screenshots } from './support/journey';
import { asOperator, signInAsOperator } from './support/operator';
import { waitForToast } from './support/pages';

const { shot, dir } = screenshots('admin-pairs');

/**
 * Manage Crypto Pairs in Chromium. On the shared server, as its operator: the list and its total
 * from the server, a new pair added through the dialog (a bad symbol refused first), switched on,
 * bulk-deactivated with a second pair of this test, exported as CSV and deleted. On a server of its
 * own reading a loopback fake Kraken: 'Sync with Kraken' toasts the counts the server returned, and
 * when Kraken fails, the server's error, with the list unchanged.
 */
describe('Manage Crypto Pairs on the shared server', () => {
  const baseUrl = inject('baseUrl');
  const operator = inject('operator');
  // Unique on a shared database: 9 digits of the clock, one symbol typed, one made over HTTP.
  const n = String(Date.now() % 1_000_000_000).padStart(9, '0');
  const typed = `Z${n}/USD`;
  const mine = `Y${n}/USD`;
  let session: BrowserSession;
  let problems: string[];

  const serverPair = async (symbol: string) =>
    (
      await asOperator<AdminListResponse<CryptoPairRecord>>(
        baseUrl,
        operator,
        `/api/admin/all-crypto-pairs?timeRange=all&search=${encodeURIComponent(symbol)}`,
      )
    ).body.records.find((p) => p.symbol === symbol);

  beforeAll(async () => {
    session = await openBrowser();
    problems = recordConsoleErrors(session.context);
    const made = await asOperator(baseUrl, operator, '/api/admin/manage-pairs', {
      method: 'POST',
      body: { action: 'add', symbol: mine, active: true },
    });
    expect(made.status).toBe(200);
    await signInAsOperator(session.page, baseUrl, operator);
  }, 60_000);

  afterAll(async () => {
    for (const symbol of [typed, mine])
      await asOperator(baseUrl, operator, '/api/admin/manage-pairs', {
        method: 'POST',
        body: { action: 'delete', symbol },
      });
    await session?.close();
  });

  it("lists the pairs by symbol with the server's 'Total Pairs: N'", async () => {
    const { page } = session;
    await pairs.open(page, baseUrl);
    const server = await asOperator<AdminListResponse<CryptoPairRecord>>(
      baseUrl,
      operator,
      '/api/admin/all-crypto-pairs?timeRange=all&pageSize=10&sort=symbol_asc',
    );
    expect(await pairs.total(page)).toBe(server.body.total);
    expect(await pairs.symbols(page)).toEqual(server.body.records.map((p) => p.symbol));
    await shot(page, 'pairs-list');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('adds a pair through the dialog (a bad symbol refused first) and finds it by search', async () => {
    const { page } = session;
    await pairs.submitNewPair(page, typed.toLowerCase());
    await pairs.addDialog(page).getByText('Invalid symbol format (e.g., BTC/USD)').waitFor();
    await shot(page, 'add-pair-invalid');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await pairs.submitNewPair(page, typed);
    await waitForToast(page, 'Pair added successfully');
    await pairs.addDialog(page).waitFor({ state: 'detached' });
    await pairs.search(page, n);
    await expect.poll(() => pairs.symbols(page)).toEqual([mine, typed]);
    expect(await pairs.total(page)).toBe(2);
    expect(await serverPair(typed)).toMatchObject({ krakenSymbol: `Z${n}USD`, active: false });
  });

  it("switches it on with the row toggle ('Enable trading'), then bulk-deactivates both", async () => {
    const { page } = session;
    const toggle = pairs.activeSwitch(page, typed);
    expect(await toggle.getAttribute('title')).toBe('Enable trading');
    await toggle.click();
    await waitForToast(page, `Pair ${typed} updated`);
    // The socket's pair_updates says the same words: one toast shows both (no event tells that the
    // socket's message has come and gone, hence the fixed window). Sampled through the window, so
    // a toast that closes meanwhile on a slow machine is not taken for a missing one.
    const toasts = page.locator('.Toastify__toast', { hasText: `Pair ${typed} updated` });
    let most = 0;
    for (const end = Date.now() + 1_500; Date.now() < end; await page.waitForTimeout(100))
      most = Math.max(most, await toasts.count());
    expect(most).toBe(1);
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    expect(await toggle.getAttribute('title')).toBe('Disable trading');
    expect((await serverPair(typed))?.active).toBe(true);

    await page.getByRole('checkbox', { name: `Select ${typed}` }).check();
    await page.getByRole('checkbox', { name: `Select ${mine}` }).check();
    await page.getByRole('button', { name: 'Deactivate Selected (2)' }).click();
    await shot(page, 'bulk-deactivate-confirm');
    await pairs.confirm(page, 'Deactivate 2 selected pairs?');
    await waitForToast(page, 'Selected pairs deactivated');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await pairs.activeSwitch(page, mine).getAttribute('aria-checked')).toBe('false');
    expect([(await serverPair(typed))?.active, (await serverPair(mine))?.active]).toEqual([false, false]);
    await page.getByRole('button', { name: 'Deactivate Selected (0)' }).waitFor();
  });

  it("exports the listed pairs as CSV with the spec's columns", async () => {
    const { page } = session;
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Pairs' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^crypto-pairs-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile(await file.path(), 'utf8')).trim().split('\r\n');
    expect(lines[0]).toBe(
      'symbol,krakenSymbol,active,deactivation_attempts,analysis_count,createdAt,updatedAt',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3))).toEqual([
      [mine, `Y${n}USD`, 'false'],
      [typed, `Z${n}USD`, 'false'],
    ]);
    await waitForToast(page, 'Pairs exported successfully');
  });

  it('deletes the pair after "Delete pair {symbol}?", and fits 390 px without console errors', async () => {
    const { page } = session;
    await page.getByRole('button', { name: `Delete ${typed}` }).click();
    await pairs.confirm(page, `Delete pair ${typed}?`);
    await waitForToast(page, 'Pair action completed');
    await expect.poll(() => pairs.symbols(page)).toEqual([mine]);
    expect(await serverPair(typed)).toBeUndefined();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await pageOverflowsSideways(page)).toBe(false);
    await shot(page, 'pairs-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(problems).toEqual([]);
  });
});

describe('Sync with Kraken on a server of its own reading a fake Kraken', () => {
  let fake: FakeKrakenServer;
  let server: DedicatedServer;
  let session: BrowserSession;
  let problems: string[];
  let listed: Record<string, Record<string, unknown>>;

  beforeAll(async () => {
    fake = await startFakeKrakenServer();
    const all = (await readKrakenFixture<{ result: typeof listed }>('AssetPairs.json')).result;
    const pick = (...keys: string[]) => Object.fromEntries(keys.map((key) => [key, all[key]!]));
    // A short exchange list at start: BTC/USD and SOL/USD (watch list, so active) and AAVE/USD.
    listed = pick('XXBTZUSD', 'SOLUSD', 'AAVEUSD');
    fake.setResult('AssetPairs', listed);
    server = await startDedicatedServer({ MARKET_SOURCE: 'kraken', KRAKEN_BASE_URL: fake.url });
    session = await openBrowser();
    problems = recordConsoleErrors(session.context);
    await signUpAdmin(session.page, server.baseUrl);
  }, 150_000);

  afterAll(async () => {
    await session?.close();
    await server?.stop();
    await fake?.close();
  });

  const syncAnswer = () =>
    session.page.waitForResponse((response) => response.url().endsWith('/api/admin/sync-kraken-pairs'));

  it("toasts 'Kraken pairs synced: N added, N updated, N deactivated' with the server's numbers", async () => {
    const { page } = session;
    await pairs.open(page, server.baseUrl);
    // The server's own sync at start has stored the three listed pairs.
    await expect
      .poll(() => pairs.symbols(page), { timeout: 30_000 })
      .toEqual(['AAVE/USD', 'BTC/USD', 'SOL/USD']);
    // Kraken now lists UNI/USD, renames BTC/USD's exchange symbol and no longer lists SOL/USD.
    fake.setResult('AssetPairs', {
      XXBTZUSD: { ...listed.XXBTZUSD, altname: 'XBTUSDX' },
      AAVEUSD: listed.AAVEUSD,
      UNIUSD: (await readKrakenFixture<{ result: typeof listed }>('AssetPairs.json')).result.UNIUSD,
    });
    const answer = syncAnswer();
    await page.getByRole('button', { name: 'Sync with Kraken' }).click();
    const response = await answer;
    expect(response.status()).toBe(200);
    const { data } = (await response.json()) as SyncKrakenPairsResponse;
    expect(data).toEqual({ added: ['UNI/USD'], updated: ['BTC/USD'], deactivated: ['SOL/USD'] });
    await waitForToast(
      page,
      `Kraken pairs synced: ${data.added.length} added, ${data.updated.length} updated, ${data.deactivated.length} deactivated`,
    );
    await expect.poll(() => pairs.symbols(page)).toEqual(['AAVE/USD', 'BTC/USD', 'SOL/USD', 'UNI/USD']);
    expect(await pairs.activeSwitch(page, 'SOL/USD').getAttribute('aria-checked')).toBe('false');
    expect(await pairs.total(page)).toBe(4);
    await shot(page, 'kraken-synced');
  });

  it("shows the server's error when Kraken fails, and the list stays as it was", async () => {
    const { page } = session;
    const before = await pairs.rows(page);
    fake.failNext('AssetPairs');
    const answer = syncAnswer();
    await page.getByRole('button', { name: 'Sync with Kraken' }).click();
    const response = await answer;
    expect(response.status()).toBe(502);
    const { error } = (await response.json()) as { error: string };
    expect(error).toMatch(/^Failed to sync Kraken pairs: /);
    await waitForToast(page, error);
    await page.waitForTimeout(800); // the toast's entrance animation, for the screenshot
    await shot(page, 'kraken-sync-failed');
    await page.reload();
    // Polled: the first row can be on screen a moment before the rest of the page's rows are, and
    // on a loaded machine the reloaded list took over the poll's default second to come.
    await expect.poll(() => pairs.rows(page), { timeout: 30_000 }).toEqual(before);
    expect(await pairs.total(page)).toBe(4);
    expect(problems.filter((p) => !/status of 502/.test(p))).toEqual([]);
    console.log(`admin-pairs screenshots: ${dir}`);
  });
});
