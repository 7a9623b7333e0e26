import { readFile } from 'node:fs/promises';
import type { Route } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { TimeRange } from '../src/contract/common';
import {
  TRACK_RECORD_EXPORT_FILE,
  trackRecordResponseSchema,
  type TrackRecordQuery,
} from '../src/contract/track-record';
import { fixtureHash, trackRecordFixture } from '../src/web/testing/track-record-fixture';
import { seriousAxeViolations } from './support/axe';
import { openBrowser, type BrowserSession } from './support/browser';
import { screenshots } from './support/journey';
import { fulfillJson } from './support/offer-fixtures';
import { pathAndQuery } from './support/pages';
import { trackRecordPage as record } from './support/track-record-pages';

/*
 * The public track record (/track-record), signed out: no account is created here. First with a
 * fixture answer (the one the component tests use) for exact figures, filters and paging; then
 * against the real server, whose chain may be empty or not: the page must show exactly what the
 * API answers, and its export must be a complete JSON Lines file.
 */

const isTrackRecord = (url: URL) => url.pathname === '/api/track-record';

/** What a request to GET /api/track-record asked, as the fixture takes it. */
function queryOf(url: URL): Partial<TrackRecordQuery> {
  const get = (name: string) => url.searchParams.get(name) ?? undefined;
  return {
    family: get('family'),
    pair: get('pair'),
    period: get('period') as TimeRange | undefined,
    offset: Number(get('offset') ?? 0),
    limit: Number(get('limit') ?? 25),
  };
}

describe('the public track record (/track-record) in the browser', () => {
  const baseUrl = inject('baseUrl');
  const { shot } = screenshots('heatsignal-track-record');
  let browser: BrowserSession;
  let consoleErrors: string[] = [];

  beforeAll(async () => {
    browser = await openBrowser();
    browser.page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    browser.page.on('pageerror', (error) => consoleErrors.push(error.message));
  });
  afterAll(async () => browser.close());
  beforeEach(async () => {
    consoleErrors = [];
    await browser.page.unrouteAll();
    await browser.page.setViewportSize({ width: 1280, height: 900 });
  });

  it('shows the fixture record: head, figures, equity curve, families, offers, filters and Load More', async () => {
    const { page } = browser;
    const asked: Partial<TrackRecordQuery>[] = [];
    await page.route(
      (url) => isTrackRecord(url),
      async (route: Route) => {
        const query = queryOf(new URL(route.request().url()));
        asked.push(query);
        await fulfillJson(route, 200, trackRecordFixture(query));
      },
    );
    await page.goto(`${baseUrl}/track-record`);
    await page.getByRole('heading', { name: 'Track record', level: 1 }).waitFor();
    expect(await record.count(page).innerText()).toBe('62 entries');
    expect(await page.getByTestId('chain-hash').innerText()).toBe(fixtureHash(62));

    expect(await record.figure(page, 'Offers published').innerText()).toBe('30');
    expect(await record.figure(page, 'Settled').innerText()).toBe('22');
    expect(await record.figure(page, 'Hit rate').innerText()).toBe('59.09%');
    expect(await record.figure(page, 'Mean net return per offer').innerText()).toBe('0.22%');
    expect(await record.figure(page, 'Total net return of an equal stake').innerText()).toBe('4.80%');
    expect(await record.figure(page, 'Max drawdown').innerText()).toBe('2.60%');
    await page.getByText('3 bypass offers are listed below but left out of these figures.').waitFor();

    const chart = record.chart(page);
    await chart.locator('canvas').first().waitFor();
    expect((await chart.boundingBox())?.height).toBe(300);
    expect(await page.getByTestId('equity-drawdown').innerText()).toBe('2.60%');

    const families = await record.familyRows(page);
    expect(families.map((cells) => cells[0])).toEqual(['breakout', 'mean-revert', 'ts-trend']);
    expect(families[0]!.slice(3)).toEqual(['N/A', 'N/A', 'N/A', 'No backtest yet']);
    expect(families[1]![6]).toMatch(/^96\n/);
    expect(families[1]!.slice(7)).toEqual([
      '0.92%',
      "[0.31%, 1.53%]\nLive outside the backtest's 95 % interval",
    ]);
    expect(families[2]!.at(-1)).toBe('[-0.12%, 0.88%]\nLive mean inside it');
    // The flag is in view at 1280 px, not past the table's scrolling edge.
    const flag = await record
      .families(page)
      .getByText("Live outside the backtest's 95 % interval")
      .boundingBox();
    const frame = await record.families(page).locator('xpath=..').boundingBox();
    expect(flag!.x + flag!.width).toBeLessThanOrEqual(frame!.x + frame!.width);

    expect(await record.offers(page).count()).toBe(25);
    expect(await record.shown(page).innerText()).toBe('25 of 33 shown');
    await shot(page, 'fixture-1280');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Load More' }).click();
    await expect.poll(() => record.offers(page).count()).toBe(33);
    expect(asked.map((q) => q.offset)).toEqual([0, 25]);
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);

    await record.filter(page, 'Family').selectOption('mean-revert');
    await expect.poll(() => pathAndQuery(page)).toBe('/track-record?family=mean-revert');
    await expect.poll(() => asked.at(-1)).toMatchObject({ family: 'mean-revert', period: 'all', offset: 0 });
    await expect.poll(() => record.shown(page).innerText()).toBe('10 of 10 shown');

    await record.filter(page, 'Period').selectOption('7d');
    await expect.poll(() => pathAndQuery(page)).toBe('/track-record?family=mean-revert&period=7d');
    await expect.poll(() => asked.at(-1)).toMatchObject({ family: 'mean-revert', period: '7d', offset: 0 });
    await expect.poll(() => record.shown(page).innerText()).toBe('3 of 3 shown');
    expect(await record.figure(page, 'Total net return of an equal stake').innerText()).toBe('0.20%');

    // A shared link opens the same view.
    await page.reload();
    expect(await record.filter(page, 'Family').inputValue()).toBe('mean-revert');
    expect(await record.filter(page, 'Period').inputValue()).toBe('7d');
    await expect.poll(() => record.shown(page).innerText()).toBe('3 of 3 shown');

    await page.goto(`${baseUrl}/track-record`);
    await record.chart(page).locator('canvas').first().waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Track record', level: 1 }).waitFor();
    // The page itself never scrolls sideways; wide tables scroll inside their own box.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await shot(page, 'fixture-390');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('says so when the API is down, and keeps the page', async () => {
    const { page } = browser;
    await page.route(
      (url) => isTrackRecord(url),
      (route) => fulfillJson(route, 503, { error: 'Service temporarily unavailable: database unreachable' }),
    );
    await page.goto(`${baseUrl}/track-record`);
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load the track record' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('Service temporarily unavailable: database unreachable');
    await page.getByRole('heading', { name: 'Verify it yourself' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // The browser logs the 503 itself; nothing else may be logged.
    expect(consoleErrors.filter((text) => !/status of 503/.test(text))).toEqual([]);
  });

  it('opens from the landing page signed out, shows what the real API answers, and exports the whole chain', async () => {
    const { page } = browser;
    const countNow = async () => {
      const response = await fetch(`${baseUrl}/api/track-record`);
      expect(response.status).toBe(200);
      return trackRecordResponseSchema.parse(await response.json()).head.count;
    };
    const before = await countNow();
    await page.goto(`${baseUrl}/`);
    const answer = page.waitForResponse((res) => isTrackRecord(new URL(res.url())));
    await record.open(page);
    const body = trackRecordResponseSchema.parse(await (await answer).json());
    const after = await countNow();

    // The shared server's market runs at wall-clock speed: an offer may be published meanwhile.
    const shown = await record.count(page).innerText();
    expect(shown).toBe(
      `${body.head.count.toLocaleString('en-US')} ${body.head.count === 1 ? 'entry' : 'entries'}`,
    );
    expect(body.head.count).toBeGreaterThanOrEqual(before);
    expect(body.head.count).toBeLessThanOrEqual(after);
    if (body.head.count === 0)
      await page.getByText('Nothing has been published yet.', { exact: false }).waitFor();
    else expect(await page.getByTestId('chain-hash').innerText()).toBe(body.head.hash);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the record (JSON Lines)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(TRACK_RECORD_EXPORT_FILE);
    const lines = (await readFile(await download.path(), 'utf8')).split('\n').filter((line) => line !== '');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const last = parsed.at(-1) as { head?: { count: number; hash: string } };
    expect(last.head).toBeDefined();
    expect(last.head!.count).toBe(parsed.length - 1);
    expect(last.head!.count).toBeGreaterThanOrEqual(body.head.count);
    parsed.slice(0, -1).forEach((entry, index) => expect(entry.seq).toBe(index + 1));
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});
