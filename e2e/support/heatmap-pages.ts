import type { Locator, Page, Route, WebSocketRoute } from 'playwright-core';
import { POSITION_TYPES } from '../../src/contract/enums';
import {
  heatMapQuerySchema,
  type ChartPoint,
  type HeatMapEntry,
  type HeatMapUpdate,
} from '../../src/contract/heatmap';
import {
  heatMapJson,
  selectHeatMap,
  traderHeatMapFilter,
} from '../../src/server/modules/offers/heat-map.query';
import type { CurrentEntry } from '../../src/server/modules/offers/heat-map.entry';

/*
 * Heat-map entries as GET /api/offers/heat-map answers them, for the screen's browser test and its
 * bench, and a route that answers a query with the server's own filter and order rules
 * (heat-map.query.ts) over those entries.
 */

const FIVE_MINUTES = 5 * 60_000;
/** As the server sends them: 12 hours of 5-minute points. */
const HISTORY_POINTS = 144;

function history(end: number, base: number): ChartPoint[] {
  return Array.from({ length: HISTORY_POINTS }, (_, i) => ({
    x: end - (HISTORY_POINTS - 1 - i) * FIVE_MINUTES,
    y: Math.round(base * (1 + Math.sin(i / 9) / 50) * 100) / 100,
  }));
}

export function fixtureEntry(pair: string, over: Partial<HeatMapEntry> = {}): HeatMapEntry {
  const lastUpdated = over.lastUpdated ?? '2026-11-23T10:00:00.000Z';
  const end = Date.parse(lastUpdated);
  return {
    pair,
    heatScore: 40,
    successRate: 55,
    progrevScore: 0.5,
    positionType: 'long',
    refereeTrend: 'neutral',
    refereeRisk: 'medium',
    refereeComment: 'EMA 20 and EMA 50 flat.',
    status: 'idle',
    density: 0.4,
    tickerData: {
      price_7d: 100,
      change_7d: 1.5,
      volume_7d: 2_500_000,
      volatility_7d: 1.1,
      price_history: history(end, 100),
      volume_history: history(end, 20_000),
    },
    aiComments: { summary: `Fixture ${pair}: volume 1.3x its 7-day median.` },
    activeTriggers: [],
    selectedAnalyses: [{ analysisId: `analysis-${pair}` }],
    lastUpdated,
    ...over,
  };
}

const TRENDS = ['bullish', 'bearish', 'neutral'] as const;
const RISKS = ['low', 'medium', 'high'] as const;

/** `count` pairs spread over every trend, risk, position type and heat band (for the bench). */
export function spreadEntries(count: number, now: number): HeatMapEntry[] {
  return Array.from({ length: count }, (_, i) =>
    fixtureEntry(`P${String(i).padStart(3, '0')}/USD`, {
      heatScore: (i * 37) % 101,
      successRate: 30 + ((i * 13) % 60),
      progrevScore: ((i * 7) % 101) / 100,
      positionType: POSITION_TYPES[i % POSITION_TYPES.length]!,
      refereeTrend: TRENDS[i % 3]!,
      refereeRisk: RISKS[Math.floor(i / 3) % 3]!,
      status: i % 4 === 0 ? 'hot' : i % 4 === 1 ? 'open' : 'idle',
      activeTriggers: i % 5 === 0 ? ['breakout'] : [],
      lastUpdated: new Date(now - (i % 48) * 3_600_000).toISOString(),
    }),
  );
}

/** Each entry with its JSON made once, as the server keeps it (a read only joins strings). */
const built = new WeakMap<HeatMapEntry, CurrentEntry>();
function prebuilt(entry: HeatMapEntry): CurrentEntry {
  let current = built.get(entry);
  if (!current) {
    current = {
      record: { updatedAt: Date.parse(entry.lastUpdated) },
      entry,
      json: JSON.stringify(entry),
    } as CurrentEntry;
    built.set(entry, current);
  }
  return current;
}

/**
 * Answers GET /api/offers/heat-map from `entries` as the server would: the query parsed by the
 * contract, filtered and ordered by the server's rules as of `now`. Returns each query the heat map
 * screen sent.
 */
export async function serveHeatMap(
  page: Page,
  entries: () => readonly HeatMapEntry[],
  now: () => number = Date.now,
  /** While it gives a promise, each answer waits for it (a test holds an answer on its way). */
  held: () => Promise<void> | undefined = () => undefined,
): Promise<URLSearchParams[]> {
  const queries: URLSearchParams[] = [];
  await page.route(
    (url) => url.pathname === '/api/offers/heat-map',
    async (route: Route) => {
      const params = new URL(route.request().url()).searchParams;
      // Only the heat map screen's own calls: the dashboard a sign-up lands on asks too.
      if (new URL(route.request().frame().url()).pathname === '/heatmap') queries.push(params);
      const query = heatMapQuerySchema.parse(Object.fromEntries(params));
      await held();
      const current = entries().map(prebuilt);
      const selected = selectHeatMap(current, traderHeatMapFilter(query), now());
      await route.fulfill({ status: 200, contentType: 'application/json', body: heatMapJson(selected) });
    },
  );
  return queries;
}

/**
 * Stands in for the server's socket.io endpoint (engine.io v4 over a websocket): the handshake and
 * the namespace connect, then only the heatmap_update events the test pushes, so the real
 * market's live changes cannot move fixture rows.
 */
export async function fakeLiveSocket(page: Page): Promise<{ push(update: HeatMapUpdate): void }> {
  // Every socket of the page (the screen's and the header bell's) hears a broadcast, as from the server.
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    open.add(ws);
    ws.onClose(() => open.delete(ws));
    ws.send(
      `0${JSON.stringify({ sid: 'fixture', upgrades: [], pingInterval: 25_000, pingTimeout: 60_000, maxPayload: 1e6 })}`,
    );
    ws.onMessage((message) => {
      if (typeof message === 'string' && message.startsWith('40'))
        ws.send(`40${JSON.stringify({ sid: 'fixture-ns' })}`);
    });
  });
  return {
    push(update) {
      if (open.size === 0) throw new Error('the screen has no socket open');
      for (const ws of open) ws.send(`42${JSON.stringify(['heatmap_update', update])}`);
    },
  };
}

/** Page object for /heatmap. */
export const heatmapPage = {
  async open(page: Page, url: string) {
    await page.goto(url);
    await page.getByRole('heading', { name: 'Heatmap', level: 1 }).waitFor();
  },
  table(page: Page): Locator {
    return page.getByRole('table', { name: 'Heatmap pairs' });
  },
  /** The pair of each shown row, in order (none while loading or empty). */
  async pairs(page: Page): Promise<string[]> {
    return heatmapPage.table(page).locator('tbody th[scope="row"]').allInnerTexts();
  },
  async headers(page: Page): Promise<string[]> {
    // textContent: the header row is styled upper-case, which innerText would report.
    return (await heatmapPage.table(page).locator('thead th').allTextContents()).map((t) => t.trim());
  },
  filters(page: Page): Locator {
    return page.getByRole('search', { name: 'Heatmap filters' });
  },
  control(page: Page, label: string): Locator {
    return heatmapPage.filters(page).getByLabel(label, { exact: true });
  },
  /** Moves a range slider as a drag would (Playwright cannot fill a range input). */
  async slide(page: Page, label: string, value: string) {
    await heatmapPage.control(page, label).evaluate((input: unknown, to: string) => {
      // Runs in the page (this project's e2e code has no DOM types).
      const dom = globalThis as unknown as {
        HTMLInputElement: { prototype: object };
        Event: new (type: string, init: { bubbles: boolean }) => unknown;
      };
      const value = Object.getOwnPropertyDescriptor(dom.HTMLInputElement.prototype, 'value') as {
        set: (this: unknown, value: string) => void;
      };
      // React tracks the value it set: the native setter makes the change visible to it.
      value.set.call(input, to);
      (input as { dispatchEvent(event: unknown): void }).dispatchEvent(
        new dom.Event('input', { bubbles: true }),
      );
    }, value);
  },
};
