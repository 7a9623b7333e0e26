import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { pageOverflowsSideways } from './support/dashboard-pages';
import { startDedicatedServer, type DedicatedServer } from './support/dedicated-server';
import { signUpTrader } from './support/money-pages';
import { screenshots } from './support/journey';
import { waitForToast } from './support/pages';

/**
 * The admin collection screens in a real browser against the real server, on a server of their
 * own so the first sign-up is the admin: System Health shows the server's figures, a trigger is
 * added from the All-Seeing Eye, and both screens pass axe and fit 390 px. (The list routes are
 * built on other branches; their tabs are proven by the component tests.)
 */
const { shot, dir } = screenshots('admin-collections');

describe('admin collection screens in the browser', () => {
  let server: DedicatedServer;
  let admin: BrowserSession;
  const problems: string[] = [];

  beforeAll(async () => {
    server = await startDedicatedServer({}, { template: inject('templateDataDir') });
    admin = await openBrowser();
    admin.context.on('console', (message) => {
      const provoked = /^Failed to load resource: the server responded with a status of 4\d\d/.test(
        message.text(),
      );
      if (message.type() === 'error' && !provoked) problems.push(message.text());
    });
    admin.context.on('weberror', (error) => problems.push(error.error().message));
    await signUpTrader(admin.page, server.baseUrl, 'Ada Admin');
  }, 180_000);
  afterAll(async () => {
    await admin?.close();
    await server?.stop();
  });

  it('shows System Health from the server, with the screen passing axe at 390 px', async () => {
    const { page } = admin;
    await page.goto(`${server.baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(15);
    await page.getByRole('tab', { name: 'System Health' }).click();
    const card = page.getByRole('heading', { name: 'Active Pairs' }).locator('..');
    await expect.poll(async () => card.innerText()).toMatch(/^Active Pairs\s+\d+$/);
    // The worker's scheduled tasks, from the server: the start-up pair sync has run or is running.
    const work = page.getByRole('table', { name: 'Background work' });
    await expect
      .poll(async () => work.getByRole('row', { name: /market-sync/ }).innerText(), { timeout: 60_000 })
      .toMatch(/^market-sync\s+(Running|OK)\s/);
    // The header and 11 tasks: 7 of the market, analyses and trades, and 4 of the notifications
    // (the bell's retention, mail, the daily digest, webhook deliveries; no Telegram bot here).
    expect(await work.getByRole('row').count()).toBe(12);
    for (const task of ['notification-retention', 'mail-sends', 'mail-digest', 'webhook-deliveries'])
      expect(await work.getByRole('row', { name: new RegExp(`^${task}\\b`) }).count()).toBe(1);
    // This server has no SMTP_URL: its mail stays in the outbox, and the screen says so.
    await page.getByText('Kept in the outbox (SMTP_URL is not set): nobody receives it').waitFor();
    await shot(page, 'system-health');
    console.info(`admin collections screenshots: ${dir}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await pageOverflowsSideways(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('opens the All-Seeing Eye with its 16 tabs, and the Add Trigger form adds through manage-triggers', async () => {
    const { page } = admin;
    await page.goto(`${server.baseUrl}/admin/pair-status`);
    await page.getByRole('heading', { name: 'All-Seeing Eye Dashboard' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(16);
    await page.getByRole('tab', { name: 'Triggers' }).click();
    await page.getByRole('button', { name: 'Add Trigger' }).click();
    const form = page.getByRole('dialog', { name: 'Add New Trigger' });
    await form.getByLabel('Trigger Type').selectOption('news');
    await form.getByLabel('Symbol').fill('bad');
    await form.getByRole('button', { name: 'Add Trigger' }).click();
    await form.getByText('Invalid symbol format (e.g., BTC/USD)').waitFor();
    await form.getByLabel('Symbol').fill('BTC/USD');
    await form.getByLabel('Keywords (comma separated)').fill('etf, halving');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Add Trigger' }).click();
    await waitForToast(page, 'Trigger action successful');
    await form.waitFor({ state: 'detached' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    // Screen-reader text in a wide table's cells once escaped the table's scroll box (it is
    // absolutely positioned) and widened the page to 692 px.
    expect(await pageOverflowsSideways(page)).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(problems).toEqual([]);
  });
});
