import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type BrowserSession } from './support/browser';
import { pathAndQuery, toasts, waitForToast } from './support/pages';

/** Visitors only: no account is created here. */
describe('public pages in the browser', () => {
  const baseUrl = inject('baseUrl');
  let browser: BrowserSession;

  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => browser.close());

  it('shows the landing page with the signed-out calls to action', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Scalp Smarter with HeatSignal' }).waitFor();
    expect(await page.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/auth');
    expect(await page.getByRole('link', { name: 'Sign Up Now' }).getAttribute('href')).toBe('/auth');
    await page.getByRole('heading', { name: 'Why HeatSignal' }).waitFor();
    await page.getByRole('heading', { name: 'How It Works' }).waitFor();
  });

  it('redirects unknown paths to / for visitors', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/no/such/page`);
    await page.waitForURL(`${baseUrl}/`);
  });

  it('stores a referral code, redirects to /auth keeping the query, and mentions it once at sign-up', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/r/FRIEND42?campaign=spring`);
    await waitForToast(page, 'Referral code FRIEND42 applied');
    await page.waitForURL(/\/auth\?/);
    expect(pathAndQuery(page)).toBe('/auth?campaign=spring');
    expect(await page.evaluate("localStorage.getItem('referral_code')")).toBe('FRIEND42');
    expect(await page.evaluate("localStorage.getItem('referral_campaign')")).toBe('spring');

    await page.goto(`${baseUrl}/sign-up`);
    await page.getByRole('heading', { name: 'Join HeatSignal' }).waitFor();
    await waitForToast(page, 'Using referral code: FRIEND42');
    await page.waitForTimeout(300);
    expect((await toasts(page)).filter((t) => t.includes('Using referral code')).length).toBe(1);
  });

  it('accepts the /referral/{code} form too', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${baseUrl}/referral/SPRING2026`);
    await waitForToast(page, 'Referral code SPRING2026 applied');
    await page.waitForURL(/\/auth$/);
    expect(await page.evaluate("localStorage.getItem('referral_code')")).toBe('SPRING2026');
    await page.close();
  });

  it('validates the contact form inline, then sends it', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/contact`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByRole('alert').allTextContents()).toEqual(
      expect.arrayContaining(['Name is required', 'Email is required', 'Message is required']),
    );
    await page.getByLabel('Name').fill('Sam');
    await page.getByLabel('Email').fill('sam@');
    await page.getByLabel('Message').fill('Do you list ETH/EUR?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await page.getByRole('alert').allTextContents()).toContain('Invalid email format');

    await page.getByLabel('Email').fill('sam@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await waitForToast(page, "Message sent! We'll get back to you soon.");
    expect(await page.getByLabel('Message').inputValue()).toBe('');
  });

  it('shows pricing, docs and both legal pages with the spec texts', async () => {
    const { page } = browser;
    await page.goto(`${baseUrl}/pricing`);
    await page.getByText('$49').first().waitFor();
    await page.goto(`${baseUrl}/docs`);
    await page.getByText('/pairs/subscribe').first().waitFor();
    for (const path of ['/privacy-policy', '/terms-of-service']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByText('21 November 2026').first().waitFor();
      await page.getByText('HeatSignal Labs Ltd.').first().waitFor();
    }
  });
});
