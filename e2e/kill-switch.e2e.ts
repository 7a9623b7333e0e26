import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AdminTradingHalt } from '../src/contract/trading-halt';
import { recordConsoleErrors, signUpAdmin, platformSettingsPage } from './support/admin-pages';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { apiFromPage } from './support/dashboard-pages';
import { startDedicatedServer, type DedicatedServer } from './support/dedicated-server';
import { screenshots } from './support/journey';
import { haltBanner, killSwitchSection } from './support/kill-switch-pages';
import { signUpTrader } from './support/money-pages';
import { offersPage } from './support/offers-pages';
import { waitForToast } from './support/pages';

const REASON = 'Exchange maintenance until 14:00 UTC';
const REFUSAL = `Trading is halted: ${REASON}`;
/** A bypass analysis publishes its offer within seconds on an idle machine. */
const OFFER_TIMEOUT = 90_000;

/**
 * The kill switch in two Chromium sessions against a server of its own (issue #20): the operator
 * halts trading from Platform Settings with a reason and a confirmation; the trader, already on
 * /offers, sees the reason appear without a reload and has an accept refused with it, nothing
 * opened; the operator resumes, the banner goes, and the same accept is no longer refused for it.
 */
describe('the kill switch in the browser (own server, first sign-up = admin)', () => {
  const { dir, shot } = screenshots('heatsignal-kill-switch');
  let server: DedicatedServer;
  let admin: BrowserSession;
  let trader: BrowserSession;
  let problems: string[];

  beforeAll(async () => {
    console.info(`kill switch screenshots: ${dir}`);
    server = await startDedicatedServer({}, { template: inject('templateDataDir') });
    [admin, trader] = await Promise.all([openBrowser(), openBrowser()]);
    problems = [...[admin, trader].map((b) => recordConsoleErrors(b.context))].flat();
    await signUpAdmin(admin.page, server.baseUrl);
    await signUpTrader(trader.page, server.baseUrl, 'Tara Trader');
    // A real offer to accept: the operator asks for an analysis published past the thresholds.
    const asked = await apiFromPage<{ analysisId: string | null }>(admin.page, '/api/admin/manage-triggers', {
      method: 'POST',
      body: { action: 'add', type: 'bypass_analysis', symbol: 'BTC/USD' },
    });
    expect(asked.status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    await admin?.close();
    await trader?.close();
    await server?.stop();
  });

  it('the operator halts trading with a reason, only once confirmed, and sees who, when and why', async () => {
    const { page } = trader;
    await offersPage.open(page, server.baseUrl);
    await offersPage.tab(page, 'All').click();
    await offersPage.rows(page).first().waitFor({ timeout: OFFER_TIMEOUT });
    expect(await haltBanner(page).count()).toBe(0);
    // Marks this document: a reload would drop the mark.
    await page.evaluate('window.__sameDocument = true');

    const adminPage = admin.page;
    await platformSettingsPage.open(adminPage, server.baseUrl);
    expect(await killSwitchSection.state(adminPage).innerText()).toBe(
      'Trading is running: traders can accept offers.',
    );
    await killSwitchSection.askToHalt(adminPage, `  ${REASON}  `);
    const dialog = killSwitchSection.confirmation(adminPage);
    expect(await dialog.innerText()).toContain(`Traders will read "${REFUSAL}"`);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await waitForToast(adminPage, 'Trading halted');
    const state = killSwitchSection.state(adminPage);
    await state.getByText('Trading is halted: no new accepts, paper or live.').waitFor();
    expect(await state.innerText()).toContain(REASON);
    const { body } = await apiFromPage<AdminTradingHalt>(adminPage, '/api/admin/trading/halt');
    expect(body).toMatchObject({ halted: true, reason: REASON });
    expect(await state.innerText()).toContain(body.haltedBy!.email);
    expect(await seriousAxeViolations(adminPage)).toEqual([]);
    await killSwitchSection.region(adminPage).screenshot({ path: '/tmp/ks-admin-halted.png' });
    await shot(adminPage, 'admin-halted');
  });

  it('the trader sees the reason on /offers without a reload, and an accept is refused with it', async () => {
    const { page } = trader;
    await haltBanner(page).waitFor();
    expect(await page.getByTestId('trading-halt-message').innerText()).toBe(REFUSAL);
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    await page.screenshot({ path: '/tmp/ks-offers-halted.png', fullPage: true });
    await shot(page, 'offers-halted');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await offersPage.rows(page).first().getByRole('button', { name: 'Accept' }).click();
    const modal = offersPage.modal(page);
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/accept'),
    );
    await modal.getByRole('button', { name: 'Accept' }).click();
    const response = await answer;
    expect(response.status()).toBe(423);
    expect(await response.json()).toEqual({ error: REFUSAL });
    await waitForToast(page, REFUSAL);
    expect(await modal.getByTestId('offer-refusal').innerText()).toBe(REFUSAL);
    await shot(page, 'accept-refused-while-halted');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await modal.getByRole('button', { name: 'Close' }).click();
    const trades = await apiFromPage<{ total: number }>(page, '/api/trades/trades');
    expect(trades.body.total).toBe(0);
  });

  it('the operator resumes: the banner goes without a reload and the accept is not refused for the halt', async () => {
    const adminPage = admin.page;
    await killSwitchSection.askToResume(adminPage);
    await killSwitchSection.confirmation(adminPage).getByRole('button', { name: 'Confirm' }).click();
    await waitForToast(adminPage, 'Trading resumed');
    await killSwitchSection.state(adminPage).getByText('Trading is running').waitFor();

    const { page } = trader;
    await haltBanner(page).waitFor({ state: 'detached' });
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    await offersPage.rows(page).first().getByRole('button', { name: 'Accept' }).click();
    const answer = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/accept'),
    );
    await offersPage.modal(page).getByRole('button', { name: 'Accept' }).click();
    const response = await answer;
    // The trader has no money, and a bypass offer need not cover its costs: the accept is judged
    // on its merits again (insufficient balance, most likely), no longer refused for the halt.
    expect(response.status()).not.toBe(423);
    const { error } = (await response.json()) as { error?: string };
    expect(error ?? '').not.toContain('Trading is halted');
    await offersPage.modal(page).getByRole('button', { name: 'Close' }).click();
    expect(problems).toEqual([]);
  });
});
