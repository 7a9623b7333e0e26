import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signalQualityResponseSchema } from '../src/contract/signal-quality';
import { pinnedMarketEnv } from '../src/server/testing/pinned-market';
import { recordConsoleErrors } from './support/admin-pages';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { startDedicatedServer, type DedicatedServer } from './support/dedicated-server';
import { screenshots } from './support/journey';
import { signUpTrader } from './support/money-pages';

/**
 * A market without an edge (SIM_EDGE=none, the gate's negative control) on a server of its own:
 * once the gate has judged the backfilled history, no family passes, nothing is published, and the
 * Offers screen and the dashboard say why in plain words, with the way to the gate's figures.
 */
const NOTHING_PASSES =
  "No strategy family passes the publication gate on this market, so HeatSignal publishes no offers: none has shown an edge that survives fees and the tests against luck here. See the gate's figures on Signal Quality.";

async function waitForGate(page: Page, baseUrl: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const res = await page.request.get(`${baseUrl}/api/signal-quality?timeRange=90d`);
      const gate = signalQualityResponseSchema.parse(await res.json()).backtest?.gate;
      if (!gate?.families.length) throw new Error('the gate has not been judged yet');
    },
    { timeout: 150_000, interval: 2_000 },
  );
}

describe('the empty state of a market where no family passes the gate (own server, SIM_EDGE=none)', () => {
  const { shot } = screenshots('heatsignal-gate-empty');
  let server: DedicatedServer;
  let trader: BrowserSession;
  let problems: string[];

  beforeAll(async () => {
    server = await startDedicatedServer({ ...pinnedMarketEnv(), SIM_EDGE: 'none' });
    trader = await openBrowser();
    problems = recordConsoleErrors(trader.context);
    await signUpTrader(trader.page, server.baseUrl, 'Nora Noedge');
    await waitForGate(trader.page, server.baseUrl);
  }, 240_000);

  afterAll(async () => {
    await trader?.close();
    await server?.stop();
  });

  it('says on the Offers screen that nothing passes, and links to the figures', async () => {
    const { page } = trader;
    await page.goto(`${server.baseUrl}/offers`);
    await page.getByRole('heading', { name: 'Crypto Offers Dashboard', level: 1 }).waitFor();
    await page.getByText('No offers available').waitFor();
    const notice = page.getByTestId('gate-empty-state');
    expect((await notice.innerText()).trim()).toBe(NOTHING_PASSES);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await shot(page, 'offers-nothing-passes');

    await notice.getByRole('link', { name: "See the gate's figures on Signal Quality" }).click();
    await page.getByRole('heading', { name: 'Signal Quality', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/analysis');
    expect(await page.getByTestId('gate-verdict').innerText()).toBe(
      'No strategy family passes the gate on this market, so the engine has no edge it can defend here.',
    );
    // The gate's walk-forward published nothing either: the backtest table says so.
    const backtest = page.getByRole('table', { name: 'Walk-forward backtest by family and risk level' });
    await backtest
      .getByText(
        'The gate published nothing in its walk-forward on the stored candles: no family passed at any refit.',
      )
      .waitFor();
    await shot(page, 'analysis-gate');
  });

  it('says the same under Recent Offers on the dashboard', async () => {
    const { page } = trader;
    await page.goto(`${server.baseUrl}/dashboard`);
    const recent = page.getByRole('table', { name: 'Recent Offers' });
    await recent.getByText('No data available').waitFor();
    expect((await page.getByTestId('gate-empty-state').innerText()).trim()).toBe(NOTHING_PASSES);
    await shot(page, 'dashboard-nothing-passes');
    expect(problems).toEqual([]);
  });
});
