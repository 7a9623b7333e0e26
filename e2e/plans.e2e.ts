import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { calendarMonthOf, resetDateText } from '../src/contract/billing';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { screenshots } from './support/journey';
import { signUpTrader } from './support/money-pages';
import { waitForToast } from './support/pages';

/*
 * Plans in Chromium on the shared server (simulated card provider, the embedded default): a new
 * trader follows Pricing's 'Upgrade to Pro' to Settings, sees this month's Free usage, upgrades,
 * cancels (Pro stays to the period's end) and resumes.
 */
describe('upgrading to Pro in the browser', () => {
  const baseUrl = inject('baseUrl');
  const { shot } = screenshots('heatsignal-plans');
  let browser: BrowserSession;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await openBrowser();
    browser.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    browser.page.on('pageerror', (error) => consoleErrors.push(error.message));
    await signUpTrader(browser.page, baseUrl, 'Pat Plan');
  });
  afterAll(async () => browser.close());

  it('goes from Pricing to Settings, upgrades, cancels to the period end and resumes', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/pricing`);
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(/\/settings#plan$/);
    const plan = page.getByRole('region', { name: 'Plan' });
    expect(await plan.getByTestId('plan-usage').innerText()).toBe(
      `0 of 5 accepted offers used this month; the count resets on ${resetDateText(calendarMonthOf(new Date()).resetsAt)}.`,
    );
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'settings-free');

    await plan.getByRole('button', { name: 'Upgrade to Pro — $49/month' }).click();
    await page.waitForURL(/\/settings\?plan=upgraded#plan$/);
    const period = plan.getByTestId('plan-period');
    await period.waitFor();
    expect(await period.innerText()).toMatch(/^Renews on /);
    await shot(page, 'settings-pro');

    await plan.getByRole('button', { name: 'Cancel Pro' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirm' }).click();
    await waitForToast(page, 'Pro ends at the end of the paid period');
    expect(await period.innerText()).toMatch(/^Cancelled: Pro ends on .*, then your plan is Free\.$/);
    await plan.getByRole('button', { name: 'Resume Pro' }).click();
    await waitForToast(page, 'Pro renews again');
    expect(await period.innerText()).toMatch(/^Renews on /);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
