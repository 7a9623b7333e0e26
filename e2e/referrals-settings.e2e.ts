import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REFERRAL_ALREADY_USED_MESSAGE, REFERRAL_POINTS } from '../src/contract/referrals';
import { openBrowser, type BrowserSession } from './support/browser';
import { alertsIn, referralsPage, settingsPage, signUpTrader } from './support/money-pages';
import { waitForToast } from './support/pages';

describe('referrals and preferences in the browser', () => {
  const baseUrl = inject('baseUrl');
  let referrer: BrowserSession;
  let friend: BrowserSession;
  const puts: string[] = [];

  beforeAll(async () => {
    referrer = await openBrowser();
    friend = await openBrowser();
    friend.page.on('request', (request: Request) => {
      if (request.method() === 'PUT') puts.push(new URL(request.url()).pathname);
    });
    await signUpTrader(referrer.page, baseUrl, 'Rita Referrer');
    await signUpTrader(friend.page, baseUrl, 'Fred Friend');
  });
  afterAll(async () => {
    await referrer.close();
    await friend.close();
  });

  it("applies a friend's code once; unknown codes get 'Invalid referral code'", async () => {
    await referralsPage.open(referrer.page, baseUrl);
    const code = await referralsPage.ownCode(referrer.page);

    const { page } = friend;
    await referralsPage.open(page, baseUrl);
    await referralsPage.submit(page, 'NOSUCHCODE99');
    await waitForToast(page, 'Invalid referral code');

    await referralsPage.submit(page, code.toLowerCase());
    await waitForToast(page, 'Referral submitted successfully');
    expect(await referralsPage.form(page).getByLabel('Referral Code').inputValue()).toBe('');
    const history = page.getByRole('table', { name: 'Referral history' });
    await history.locator('tbody tr').filter({ hasText: 'You' }).first().waitFor();
    expect(await history.locator('tbody tr').count()).toBe(1);

    // The referrer sees the same referral from their side, and is on the leaderboard with its points.
    await referrer.page.reload();
    const theirs = referrer.page.getByRole('table', { name: 'Referral history' });
    const row = theirs.locator('tbody tr').filter({ hasText: 'You' });
    await row.waitFor();
    const cells = await row.locator('td').allInnerTexts();
    expect(cells[2]).toBe('You');
    expect(cells[4]).toBe(String(REFERRAL_POINTS.signUp));
    const leaderboard = referrer.page.getByRole('table', { name: 'Top 50 referrers' });
    const mine = leaderboard.locator('tbody tr').filter({ hasText: '(you)' });
    await mine.waitFor();
    expect((await mine.locator('td').allInnerTexts())[2]).toBe(String(REFERRAL_POINTS.signUp));

    // Once per user: the server's own words for a second code.
    await referralsPage.submit(page, code);
    await waitForToast(page, REFERRAL_ALREADY_USED_MESSAGE);
  });

  it('starts the form at the spec defaults: risk low + medium and position long ticked', async () => {
    const { page } = friend;
    await settingsPage.open(page, baseUrl);
    const form = settingsPage.form(page);
    const checked = async (name: string) => form.getByRole('checkbox', { name, exact: true }).isChecked();
    expect(await checked('Low')).toBe(true);
    expect(await checked('Medium')).toBe(true);
    expect(await checked('High')).toBe(false);
    expect(await checked('Long')).toBe(true);
    expect(await checked('Short')).toBe(false);
    expect(await checked('New offers')).toBe(true);
    expect(await checked('High-risk offers')).toBe(false);
    expect(await form.getByLabel('Min Entry Amount ($)').inputValue()).toBe('100');
    expect(await form.getByLabel('Max Entry Amount ($)').inputValue()).toBe('1000');
    expect(await form.getByLabel('Min Success Rate (%)').inputValue()).toBe('70');
    await page.getByText("10% of the day's starting equity").waitFor();
    await page.getByText('at most 5').waitFor();
  });

  it('answers bad preferences with the spec messages and saves nothing', async () => {
    const { page } = friend;
    await settingsPage.open(page, baseUrl);
    puts.length = 0;
    const form = settingsPage.form(page);
    await form.getByLabel('Preferred Pairs').fill('BTC/USD, btc-usd');
    await form.getByLabel('Min Entry Amount ($)').fill('-1');
    await form.getByLabel('Auto Tip (%)').fill('101');
    await form.getByLabel('Min Success Rate (%)').fill('-5');
    await form.getByLabel('Max Risk Score').fill('120');
    await settingsPage.save(page);
    expect(await alertsIn(form)).toEqual([
      'Pairs must be in format XXX/YYY (e.g., BTC/USD), comma-separated',
      'Must be at least 0',
      'Must be at least 0',
      'Must be at most 100',
      'Must be at most 100',
    ]);

    await settingsPage.open(page, baseUrl);
    await form.getByLabel('Min Entry Amount ($)').fill('500');
    await form.getByLabel('Max Entry Amount ($)').fill('200');
    await settingsPage.save(page);
    expect(await alertsIn(form)).toEqual(['Must be greater than Min Entry Amount']);
    expect(puts).toEqual([]);
  });

  it('saves preferences (zero falls back to the default) and shows them after a reload', async () => {
    const { page } = friend;
    await settingsPage.open(page, baseUrl);
    const form = settingsPage.form(page);
    await form.getByLabel('Preferred Pairs').fill('BTC/USD, ETH/USD');
    await form.getByLabel('Min Success Rate (%)').fill('65');
    await form.getByLabel('Min Entry Amount ($)').fill('0');
    await form.getByRole('checkbox', { name: 'Short', exact: true }).check();
    await form.getByRole('checkbox', { name: 'Medium', exact: true }).uncheck();
    await form.getByRole('checkbox', { name: 'High-risk offers' }).check();
    await settingsPage.save(page);
    await waitForToast(page, 'Preferences updated');
    expect(await form.getByLabel('Min Entry Amount ($)').inputValue()).toBe('100');

    await page.reload();
    await settingsPage.form(page).waitFor();
    expect(await form.getByLabel('Preferred Pairs').inputValue()).toBe('BTC/USD, ETH/USD');
    expect(await form.getByLabel('Min Success Rate (%)').inputValue()).toBe('65');
    expect(await form.getByLabel('Min Entry Amount ($)').inputValue()).toBe('100');
    expect(await form.getByRole('checkbox', { name: 'Short', exact: true }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Long', exact: true }).isChecked()).toBe(true);
    expect(await form.getByRole('checkbox', { name: 'Medium', exact: true }).isChecked()).toBe(false);
    expect(await form.getByRole('checkbox', { name: 'High-risk offers' }).isChecked()).toBe(true);
  });
});
