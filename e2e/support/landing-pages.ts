import type { Locator, Page } from 'playwright-core';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Waits until the server's public heat summary holds at least `count` pairs with price and volume
 * history: the simulated market needs its first analyses after start-up (about 40 s on this
 * machine) before the landing has anything to chart.
 */
export async function waitForHeatSummary(baseUrl: string, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/offers/heat-map?timeRange=7d`);
    const summary = (await response.json()) as Record<
      string,
      { tickerData: { price_history: unknown[]; volume_history: unknown[] } }
    >;
    const charted = Object.values(summary).filter(
      (e) => e.tickerData.price_history.length > 0 && e.tickerData.volume_history.length > 0,
    );
    if (charted.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the heat summary did not reach ${count} charted pairs in ${timeoutMs / 1000} s`);
}

/** Page object for the landing's chart panel (spec 2.4). */
export const landingPage = {
  heatmapTitle: (page: Page) => page.getByRole('heading', { name: 'Heatmap of Active Pairs' }),
  /** The keyboard links under the heat map: one per pair shown. */
  pairLinks: (page: Page) =>
    page.getByRole('navigation', { name: 'Open a pair in the full heat map' }).getByRole('link'),
  heatmapChart: (page: Page) => page.getByRole('img', { name: /^Heat map of / }),
  priceChart: (page: Page) => page.getByRole('img', { name: /^Price of / }),
  volumeChart: (page: Page) => page.getByRole('img', { name: /^Volume in millions of / }),

  /** Resolves once the chart's canvas has painted something (ECharts loads lazily, then draws). */
  async waitForDrawn(chart: Locator): Promise<void> {
    const canvas = chart.locator('canvas').first();
    await canvas.waitFor();
    // A string: the e2e typecheck has no DOM types (the function runs in the page, on the canvas).
    await canvas.evaluate(`(canvas) => new Promise((resolve) => {
      const check = () => {
        const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        if (pixels.some((value, index) => index % 4 === 3 && value > 0)) resolve();
        else requestAnimationFrame(check);
      };
      check();
    })`);
  },
};
