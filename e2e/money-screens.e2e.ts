import type { Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type BrowserSession } from './support/browser';
import { alertsIn, paymentsPage, referralsPage, signUpTrader } from './support/money-pages';
import { waitForToast } from './support/pages';

/**
 * The money screens' own rules, word for word (trader spec 5 and the spec README decisions): every
 * bad input is answered inline and nothing is sent to the server.
 */
describe('money screens: validation in the browser', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;
  const posts: string[] = [];

  beforeAll(async () => {
    browser = await openBrowser();
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    browser.page.on('request', (request: Request) => {
      if (request.method() !== 'GET') posts.push(new URL(request.url()).pathname);
    });
    await signUpTrader(browser.page, baseUrl, 'Vera Validator');
  });
  afterAll(async () => browser.close());

  it('answers an empty deposit, withdrawal and tip with the required messages', async () => {
    const { page } = browser;
    await paymentsPage.open(page, baseUrl);
    posts.length = 0;
    const deposit = paymentsPage.form(page, 'Deposit');
    await deposit.getByRole('button', { name: 'Deposit' }).click();
    expect(await alertsIn(deposit)).toEqual(['Amount is required', 'Payment method ID is required']);

    const withdraw = paymentsPage.form(page, 'Withdraw');
    await withdraw.getByRole('button', { name: 'Withdraw' }).click();
    expect(await alertsIn(withdraw)).toEqual(['Amount is required']);

    const tip = paymentsPage.form(page, 'Tip');
    await tip.getByRole('button', { name: 'Send Tip' }).click();
    expect(await alertsIn(tip)).toEqual(['Amount is required']);
    expect(posts).toEqual([]);
  });

  it('enforces the minimums $10 / $20 / $1 and the payment method format', async () => {
    const { page } = browser;
    await paymentsPage.open(page, baseUrl);
    posts.length = 0;
    await paymentsPage.deposit(page, '9.99', 'card_visa');
    expect(await alertsIn(paymentsPage.form(page, 'Deposit'))).toEqual(['Minimum $10', 'Invalid format']);

    await paymentsPage.deposit(page, '10', 'pm_card visa');
    expect(await alertsIn(paymentsPage.form(page, 'Deposit'))).toEqual(['Invalid format']);

    await paymentsPage.withdraw(page, '19.99');
    expect(await alertsIn(paymentsPage.form(page, 'Withdraw'))).toEqual(['Minimum $20']);

    await paymentsPage.tip(page, '0.5');
    expect(await alertsIn(paymentsPage.form(page, 'Tip'))).toEqual(['Minimum $1']);
    expect(posts).toEqual([]);
  });

  it('shows the Stripe test payment methods and steps amounts by cents', async () => {
    const { page } = browser;
    await paymentsPage.open(page, baseUrl);
    const deposit = paymentsPage.form(page, 'Deposit');
    expect(await deposit.getByText(/pm_card_visa/).count()).toBeGreaterThan(0);
    expect(await deposit.getByLabel('Amount ($)').getAttribute('step')).toBe('0.01');
    expect(await deposit.getByLabel('Payment Method ID').getAttribute('placeholder')).toBe('pm_card_visa');
  });

  it('forces referral codes to upper case, caps them at 20 characters and checks the format', async () => {
    const { page } = browser;
    await referralsPage.open(page, baseUrl);
    posts.length = 0;
    const form = referralsPage.form(page);
    const input = form.getByLabel('Referral Code');
    await input.pressSequentially('abc12');
    expect(await input.inputValue()).toBe('ABC12');
    await form.getByRole('button', { name: 'Submit Referral' }).click();
    expect(await alertsIn(form)).toEqual(['Referral code must be 6-20 alphanumeric characters']);

    await input.fill('');
    await input.pressSequentially('abcdefghij0123456789xyz');
    expect(await input.inputValue()).toBe('ABCDEFGHIJ0123456789');

    await input.fill('FRIEND-42');
    await form.getByRole('button', { name: 'Submit Referral' }).click();
    expect(await alertsIn(form)).toEqual(['Referral code must be 6-20 alphanumeric characters']);
    expect(posts).toEqual([]);
  });

  it("shows the user's own code from /api/me, copies it and offers the share link", async () => {
    const { page } = browser;
    await referralsPage.open(page, baseUrl);
    // The browser has no DOM types here (server tsconfig): the page code is a string.
    const me = await page.evaluate<{ referralCode: string }>(
      "fetch('/api/me', { headers: { authorization: 'Bearer ' + localStorage.getItem('heatsignal.token') } }).then((r) => r.json())",
    );
    const code = await referralsPage.ownCode(page);
    expect(code).toBe(me.referralCode);
    expect(await page.getByLabel('Share link').inputValue()).toBe(`${baseUrl}/r/${code}`);

    await page.getByRole('button', { name: 'Copy Code' }).click();
    await waitForToast(page, 'Referral code copied to clipboard');
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(code);
  });

  it('links each screen as the spec lists them', async () => {
    const { page } = browser;
    const hrefs = async (label: string) => {
      const links = await page.getByRole('navigation', { name: label }).getByRole('link').all();
      return Promise.all(links.map((link) => link.getAttribute('href')));
    };
    await paymentsPage.open(page, baseUrl);
    expect(await hrefs('Payments links')).toEqual(
      expect.arrayContaining(['/dashboard', '/offers', '/heatmap', '/settings', '/referrals']),
    );
    await referralsPage.open(page, baseUrl);
    expect(await hrefs('Referrals links')).toEqual(
      expect.arrayContaining(['/dashboard', '/offers', '/heatmap', '/settings']),
    );
    await page.goto(`${baseUrl}/trades`);
    await page.getByRole('heading', { name: 'Your Trades', level: 1 }).waitFor();
    expect(await page.getByRole('link', { name: 'View Offers' }).getAttribute('href')).toBe('/offers');
  });
});
