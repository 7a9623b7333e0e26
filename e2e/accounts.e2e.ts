import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openBrowser, type BrowserSession } from './support/browser';
import { startDedicatedServer, type DedicatedServer } from './support/dedicated-server';
import { outboxLink } from './support/outbox';
import { authPages, PASSWORD, pathAndQuery, uniqueEmail, waitForToast } from './support/pages';

/**
 * Accounts in the browser, on a server of its own: its first sign-up (in a browser, as a real
 * operator's would be) founds the operator organisation. The shared server's operator is signed up
 * by global-setup.ts over HTTP.
 */
describe('accounts in the browser', () => {
  let server: DedicatedServer;
  let baseUrl: string;
  let admin: BrowserSession;
  let trader: BrowserSession;
  const adminEmail = uniqueEmail('ada');
  const graceEmail = uniqueEmail('grace');
  /** The server's data folder: without SMTP_URL its mail goes to the outbox there. */
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heatsignal-e2e-accounts-'));

  beforeAll(async () => {
    server = await startDedicatedServer({}, { template: inject('templateDataDir'), dataDir });
    baseUrl = server.baseUrl;
    admin = await openBrowser();
    trader = await openBrowser();
  });
  afterAll(async () => {
    await admin.close();
    await trader.close();
    await server?.stop();
  });

  it('signs the first visitor up, greets them on /dashboard and makes them an admin', async () => {
    const { page } = admin;
    await authPages.signUp(page, baseUrl, { name: 'Ada Lovelace', email: adminEmail });
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Welcome, Ada');
    await page.getByRole('link', { name: 'Admin Dashboard' }).first().click();
    await page.waitForURL(/\/admin(\/dashboard)?$/);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  });

  it('switches organisation: admin rights follow the operator organisation', async () => {
    const { page } = admin;
    const switcher = page.getByLabel('Organization', { exact: true });
    const options = await switcher.locator('option').allTextContents();
    expect(options).toContain('HeatSignal Operators');
    await switcher.selectOption({ label: "Ada's workspace" });
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);

    await page.goto(`${baseUrl}/admin/reports`);
    await waitForToast(page, 'Admin access required');
    await page.waitForURL(/\/dashboard$/);

    await page.getByLabel('Organization', { exact: true }).selectOption({ label: 'HeatSignal Operators' });
    await page.getByRole('link', { name: 'Admin Dashboard' }).first().waitFor();
    await page.goto(`${baseUrl}/admin/reports`);
    await page.getByRole('heading', { name: 'Reports' }).waitFor();
  });

  it('refuses the admin screens to a second account with the toast', async () => {
    const { page } = trader;
    await authPages.signUp(page, baseUrl, { name: 'Grace Hopper', email: graceEmail });
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Welcome, Grace');
    expect(await page.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    await page.goto(`${baseUrl}/admin/approvals`);
    await waitForToast(page, 'Admin access required');
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByRole('heading', { name: 'Pending Approvals' }).count()).toBe(0);
  });

  it('verifies the address from the mailed link: the banner goes', async () => {
    const { page } = trader;
    const banner = page.getByRole('region', { name: 'Email verification' });
    expect(await banner.textContent()).toContain(
      `Verify your email address: open the link we mailed to ${graceEmail}.`,
    );
    await banner.getByRole('button', { name: 'Send the link again' }).click();
    await banner.getByText('A new link is on its way. It works within 24 hours.').waitFor();

    // The sign-up's message and the one just asked for.
    const link = await outboxLink(dataDir, {
      to: graceEmail,
      subject: 'Verify your email address — HeatSignal',
      label: 'Verify my address',
      count: 2,
    });
    expect(link).toMatch(new RegExp(`^${baseUrl}/verify-email\\?token=`));
    await page.goto(link);
    await page.getByRole('status').getByText('Your email address is verified.').waitFor();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('heading', { name: 'Welcome, Grace' }).waitFor();
    expect(await banner.count()).toBe(0);
  });

  it('signs out to the landing page, guards screens and honours the return address at sign-in', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('link', { name: 'Login' }).waitFor();

    await page.goto(`${baseUrl}/offers?tab=risky`);
    await page.waitForURL(/\/auth\?/);
    expect(pathAndQuery(page)).toBe('/auth?redirect=%2Foffers%3Ftab%3Drisky');

    await authPages.signIn(page, adminEmail, 'wrong-password-123');
    await waitForToast(page, 'Invalid email or password');
    await authPages.signIn(page, adminEmail);
    await page.waitForURL(/\/offers\?tab=risky$/);
    await page.getByRole('heading', { name: 'Crypto Offers Dashboard' }).waitFor();
  });

  it('shows inline validation on the sign-in form without calling the server', async () => {
    const page = await admin.context.newPage();
    await page.goto(`${baseUrl}/auth`);
    // Signed in already: /auth sends the user on to the dashboard.
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/auth`);
    await page.getByRole('heading', { name: 'Welcome to HeatSignal' }).waitFor();
    await authPages.signIn(page, 'not-an-address', 'short');
    const alerts = await page.getByRole('alert').allTextContents();
    expect(alerts).toEqual(
      expect.arrayContaining(['Invalid email format', 'Password must be at least 8 characters']),
    );
    expect(pathAndQuery(page)).toBe('/auth');
    await page.close();
  });

  it('recovers a forgotten password from the mail, and the old session ends', async () => {
    const page = await admin.context.newPage();
    await page.goto(`${baseUrl}/auth`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password$/);
    await page.getByLabel('Email').fill(graceEmail);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    expect(await page.getByRole('status').textContent()).toBe(
      'If an account uses that address, a link to choose a new password is on its way. It works once, within one hour.',
    );

    const link = await outboxLink(dataDir, {
      to: graceEmail,
      subject: 'Reset your password — HeatSignal',
      label: 'Choose a new password',
    });
    expect(link).toMatch(new RegExp(`^${baseUrl}/reset-password\\?token=`));

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('grace-new-passphrase');
    await page.getByLabel('Confirm new password').fill('grace-new-passphrase');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.waitForURL(/\/auth$/);
    await waitForToast(page, 'Your password is changed. Sign in with the new one.');
    await authPages.signIn(page, graceEmail, 'grace-new-passphrase');
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Welcome, Grace');

    // Grace's first browser still held the session from before the reset.
    await trader.page.reload();
    await trader.page.waitForURL(/\/auth/);
    await page.close();
  });

  it('turns two-factor on in Settings with a QR key, then signs in with a code from the app', async () => {
    const tom = await openBrowser();
    try {
      const { page } = tom;
      const email = uniqueEmail('tom');
      await authPages.signUp(page, baseUrl, { name: 'Tom Totp', email });
      await page.goto(`${baseUrl}/settings`);
      await page.getByRole('button', { name: 'Turn On Two-Factor' }).click();
      const confirmPassword = page.getByRole('form', { name: 'Turn on two-factor' });
      await confirmPassword.getByLabel('Current password').fill(PASSWORD);
      await confirmPassword.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
      expect(await page.getByRole('list', { name: 'Backup codes' }).locator('li').count()).toBe(10);
      // What an authenticator app reads from the QR code: the key, typed in by hand here.
      const key = (await page.locator('code').first().textContent())!.replaceAll(' ', '');
      await page.getByLabel('Authentication code').fill(await generate({ secret: key }));
      await page.getByRole('button', { name: 'Verify and Turn On' }).click();
      await waitForToast(page, 'Two-factor authentication is on.');
      await page.getByRole('button', { name: 'Turn Off Two-Factor' }).waitFor();

      await page.getByRole('button', { name: 'Sign Out' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await page.goto(`${baseUrl}/auth`);
      await authPages.signIn(page, email);
      await page.getByText('Enter the 6-digit code from your authenticator app.').waitFor();
      await page.getByLabel('Authentication code').fill(await generate({ secret: key }));
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('heading', { name: 'Welcome, Tom' }).waitFor();
    } finally {
      await tom.close();
    }
  });

  it("ends another browser's session from Settings, and that browser is signed out within 5 s", async () => {
    const [here, there] = [await openBrowser(), await openBrowser()];
    try {
      const email = uniqueEmail('sue');
      await authPages.signUp(here.page, baseUrl, { name: 'Sue Sessions', email });
      await there.page.goto(`${baseUrl}/auth?redirect=%2Foffers`);
      await authPages.signIn(there.page, email);
      await there.page.waitForURL(/\/offers$/);
      await there.page.getByRole('heading', { name: 'Crypto Offers Dashboard' }).waitFor();

      await here.page.goto(`${baseUrl}/settings`);
      const devices = here.page.getByRole('list', { name: 'Signed-in devices' });
      await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
      expect(await devices.getByText('This device').count()).toBe(1);
      await devices.getByRole('button', { name: /^Sign out / }).click();
      const ended = Date.now();
      await there.page.waitForURL(/\/auth\?redirect=%2Foffers$/, { timeout: 5_000 });
      expect(Date.now() - ended).toBeLessThan(5_000);
      await waitForToast(here.page, 'That session is signed out.');
      await here.page.getByText('This is the only device signed in.').waitFor();
    } finally {
      await here.close();
      await there.close();
    }
  });

  it('downloads your data, then deletes the empty account for good', async () => {
    const uma = await openBrowser();
    try {
      const { page } = uma;
      const email = uniqueEmail('uma');
      await authPages.signUp(page, baseUrl, { name: 'Uma Leaving', email });
      await page.goto(`${baseUrl}/settings`);
      const card = page.getByRole('region', { name: 'Your Data' });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download My Data' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^heatsignal-data-\d{4}-\d{2}-\d{2}\.json$/);
      const saved = path.join(dataDir, 'uma-export.json');
      await download.saveAs(saved);
      const data = JSON.parse(readFileSync(saved, 'utf8')) as {
        account: { email: string };
        sessions: unknown[];
      };
      expect(data.account.email).toBe(email);
      expect(data.sessions).toHaveLength(1);

      await card.getByRole('button', { name: 'Delete My Account' }).click();
      await card.getByLabel('Current password').fill(PASSWORD);
      await card.getByRole('button', { name: 'Delete My Account' }).click();
      await page.waitForURL(`${baseUrl}/`);
      await waitForToast(page, 'Your account is deleted.');
      await page.goto(`${baseUrl}/auth`);
      await authPages.signIn(page, email);
      await waitForToast(page, 'Invalid email or password');
    } finally {
      await uma.close();
    }
  });
});
