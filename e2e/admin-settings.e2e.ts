import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminHeatMap } from '../src/contract/heatmap';
import {
  offerAnalyticsPage,
  pageWidthAt390,
  platformSettingsPage,
  recordApiCalls,
  recordConsoleErrors,
  signUpAdmin,
} from './support/admin-pages';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { startDedicatedServer, type DedicatedServer } from './support/dedicated-server';
import { apiFromPage } from './support/dashboard-pages';
import { alertsIn } from './support/money-pages';
import { waitForToast } from './support/pages';

/**
 * Platform Settings in Chromium against a server of its own (the first sign-up is the admin):
 * the Global Config form refuses bad values on the spot and saves good ones for real, and a live
 * trigger is added, updated and deleted through the manage form, each step proved by the server.
 */
describe('Platform Settings in the browser (own server, first sign-up = admin)', () => {
  let server: DedicatedServer;
  let browser: BrowserSession;
  let api: ReturnType<typeof recordApiCalls>;
  let problems: string[];
  const writes = () => api.calls.filter((c) => !c.startsWith('GET '));

  beforeAll(async () => {
    server = await startDedicatedServer({}, { template: inject('templateDataDir') });
    browser = await openBrowser();
    api = recordApiCalls(browser.context);
    problems = recordConsoleErrors(browser.context);
    await signUpAdmin(browser.page, server.baseUrl);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('refuses bad settings with the spec messages and sends nothing', async () => {
    const { page } = browser;
    await platformSettingsPage.open(page, server.baseUrl);
    const form = platformSettingsPage.configForm(page);
    const before = writes().length;
    await form.getByLabel('AI Model').fill('');
    await form.getByLabel('Max Requests').fill('0');
    await form.getByLabel('Auto Analysis Config (JSON)').fill('{ "rsiThreshold": ');
    await platformSettingsPage.saveConfig(page);
    await expect
      .poll(() => alertsIn(form))
      .toEqual(['AI Model is required', 'Must be at least 1', 'Invalid JSON in autoAnalysisConfig']);
    expect(writes().length).toBe(before);
  });

  it('saves a setting, which the server keeps', async () => {
    const { page } = browser;
    await platformSettingsPage.open(page, server.baseUrl);
    const form = platformSettingsPage.configForm(page);
    await form.getByLabel('Max Requests').fill('7');
    await platformSettingsPage.saveConfig(page);
    await waitForToast(page, 'Global settings updated');
    expect(writes()).toContain('PATCH /api/admin/global-settings');
    await page.reload();
    await platformSettingsPage.open(page, server.baseUrl);
    await expect.poll(() => form.getByLabel('Max Requests').inputValue()).toBe('7');
  });

  it('refuses a malformed symbol in the trigger form before any call', async () => {
    const { page } = browser;
    const before = writes().length;
    await platformSettingsPage.submitTrigger(page, { action: 'add', type: 'breakout', symbol: 'btc-usd' });
    await expect
      .poll(() => alertsIn(platformSettingsPage.triggerForm(page)))
      .toEqual(['Invalid symbol format (e.g., BTC/USD)']);
    expect(writes().length).toBe(before);
  });

  it('adds a trigger, updates it, deletes it, and then it is gone', async () => {
    const { page } = browser;
    const form = platformSettingsPage.triggerForm(page);
    await platformSettingsPage.submitTrigger(page, {
      action: 'add',
      type: 'breakout',
      symbol: 'BTC/USD',
      keywords: 'e2e, breakout',
    });
    await waitForToast(page, 'Trigger action successful');
    // The form starts over: type news, empty symbol, active, mode add.
    await expect.poll(() => form.getByLabel('Symbol').inputValue()).toBe('');
    expect(await form.getByLabel('Trigger Type').inputValue()).toBe('news');
    expect(await form.getByLabel('Action').inputValue()).toBe('add');
    expect(await form.getByLabel('Active').isChecked()).toBe(true);

    // An update by type and symbol finds it (the server answers 404 for a missing one).
    await page.locator('.Toastify__toast').first().waitFor({ state: 'detached' });
    await platformSettingsPage.submitTrigger(page, {
      action: 'update',
      type: 'breakout',
      symbol: 'BTC/USD',
      active: false,
    });
    await waitForToast(page, 'Trigger action successful');

    await page.locator('.Toastify__toast').first().waitFor({ state: 'detached' });
    await platformSettingsPage.submitTrigger(page, { action: 'delete', type: 'breakout', symbol: 'BTC/USD' });
    await waitForToast(page, 'Trigger action successful');

    await platformSettingsPage.submitTrigger(page, { action: 'delete', type: 'breakout', symbol: 'BTC/USD' });
    await waitForToast(page, 'Trigger not found');
    expect(writes().filter((w) => w === 'POST /api/admin/manage-triggers')).toHaveLength(4);
  });

  it("follows the link to Offer Analytics, whose table is the engine's heat map, hottest first", async () => {
    const { page } = browser;
    await platformSettingsPage.open(page, server.baseUrl);
    await page
      .getByRole('region', { name: 'Live Triggers' })
      .getByRole('link', { name: 'Offer Analytics' })
      .click();
    await page.getByRole('heading', { name: 'Offer Analytics', level: 1 }).waitFor();
    // The fresh server's first analyses put its pairs on the map within a minute or so.
    await offerAnalyticsPage
      .table(page)
      .locator('tbody tr[aria-label]')
      .first()
      .waitFor({ timeout: 120_000 });
    // Analyses may still be landing one pair at a time: the table catches up with the API's map.
    const pairsShown = async () => (await offerAnalyticsPage.rows(page)).map((r) => r.pair).sort();
    const pairsMapped = async () =>
      Object.keys(
        (await apiFromPage<AdminHeatMap>(page, '/api/admin/heat-map?timeRange=7d&sort=heat_desc')).body,
      ).sort();
    await expect
      .poll(async () => (await pairsShown()).join() === (await pairsMapped()).join(), { timeout: 60_000 })
      .toBe(true);
    const rows = await offerAnalyticsPage.rows(page);
    // Hottest first (heats may move live between the two reads, so the table is checked against itself).
    const heats = rows.map((r) => r.heat);
    expect(heats).toEqual([...heats].sort((a, b) => b - a));
    const first = rows[0]!.pair;
    await page.getByRole('row', { name: `${first} details` }).click();
    const dialog = page.getByRole('dialog', { name: `Pair Details: ${first}` });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Close Selected Offers' }).click();
    await waitForToast(page, 'Bulk close offers implemented');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await pageWidthAt390(page)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 180_000);

  it('passes axe, fits a 390 px screen, and logged no error', async () => {
    const { page } = browser;
    await platformSettingsPage.open(page, server.baseUrl);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await pageWidthAt390(page)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    expect(api.serverErrors).toEqual([]);
  });
});
