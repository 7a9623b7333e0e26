// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminPairDetails, PairDetailsAnalysis } from '../../../../contract/admin-pair-details';
import type { AdminHeatMapEntry } from '../../../../contract/heatmap';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { render, screen, userEvent, within } from '../../../testing/dom';
import { serveApi, type FakeAnswer } from '../../../testing/fake-api';
import { testAdminEntry } from '../../../testing/test-heat-entry';
import type { ChartProps } from '../../../components/charts/chart-types';
import { AdminPairDetailsModal } from './admin-pair-details-modal';

// ECharts draws on a canvas; here a chart is its accessible name and its first and last points.
vi.mock('../../../components/charts', () => ({
  LazyChart: ({ ariaLabel, option }: ChartProps) => {
    const data = (option as { series: { data: [number, number][] }[] }).series[0]!.data;
    return <div role="img" aria-label={ariaLabel} data-points={data.map((p) => p[1]).join(',')} />;
  },
}));

const AT = '2026-11-23T10:00:00.000Z';

const analysis = (over: Partial<PairDetailsAnalysis>): PairDetailsAnalysis => ({
  id: 'an-1',
  status: 'completed',
  stage: 'offer',
  progress: 100,
  timeframe: '1h',
  triggerType: null,
  heatScore: 81.25,
  successRate: 66.5,
  positionType: 'quick_short',
  progrevScore: 0.62,
  density: 0.4,
  expectedProfitPercent: 0.85,
  trend: 'bearish',
  risk: 'high',
  sampleSize: 140,
  error: null,
  createdAt: AT,
  completedAt: AT,
  ...over,
});

const reading = {
  analysisId: 'an-1',
  completedAt: AT,
  trend: 'bearish',
  risk: 'high',
  riskScore: 77,
} as const;

const DETAILS: AdminPairDetails = {
  pair: 'BTC/USD',
  analyses: [
    analysis({}),
    analysis({ id: 'an-0', status: 'failed', heatScore: null, error: 'exchange 502' }),
  ],
  tickerReferee: {
    ...reading,
    comment: 'EMA 20 below EMA 50; RSI oversold.',
    price: 64_250.5,
    rsi14: 28.4,
    macd: -12.5,
    macdSignal: -8,
    macdHistogram: -4.5,
    ema20: 64_100,
    ema50: 64_900,
    atrPercent: 1.25,
    relativeVolume: 1.8,
    high24h: 65_100,
    low24h: 62_900,
    change24hPercent: -2.5,
  },
  dailyReferee: { ...reading, change7d: -4.75, volume7d: 1_234_567.5, volatility7d: 2.1 },
  tickerHistory: {
    price: [
      { x: Date.UTC(2026, 10, 23, 0), y: 64_000 },
      { x: Date.UTC(2026, 10, 23, 6), y: 65_000 },
      { x: Date.UTC(2026, 10, 23, 11, 55), y: 64_250.5 },
    ],
    volume: [
      { x: Date.UTC(2026, 10, 23, 0), y: 1000 },
      { x: Date.UTC(2026, 10, 23, 6), y: 2000 },
      { x: Date.UTC(2026, 10, 23, 11, 55), y: 500 },
    ],
    summary: {
      first: 64_000,
      last: 64_250.5,
      high: 65_000,
      low: 64_000,
      changePercent: 0.3914,
      totalVolume: 3500,
    },
  },
  bypassAnalyses: [
    analysis({ id: 'an-b', triggerType: 'bypass_analysis', timeframe: '4h', heatScore: 12.5 }),
  ],
  recentOffers: [
    {
      id: 'offer-123456789',
      pair: 'BTC/USD',
      positionType: 'quick_short',
      heatScore: 81.25,
      successRate: 66.5,
      status: 'hot',
      outcome: null,
      updatedAt: AT,
    },
  ],
  recentLogs: [{ id: '7', pair: 'BTC/USD', action: 'analysis.queued', status: 'ok', timestamp: AT }],
  triggers: [
    {
      id: 'tr-1',
      type: 'bypass_analysis',
      symbol: 'BTC/USD',
      source: null,
      keywords: [],
      active: true,
      parameters: { timeframe: '4h' },
      createdAt: AT,
    },
  ],
};

const EMPTY: AdminPairDetails = {
  pair: 'BTC/USD',
  analyses: [],
  tickerReferee: null,
  dailyReferee: null,
  tickerHistory: { price: [], volume: [], summary: null },
  bypassAnalyses: [],
  recentOffers: [],
  recentLogs: [],
  triggers: [],
};

const ENTRY = testAdminEntry('BTC/USD', {
  heatScore: 82,
  successRate: 61,
  progrevScore: 0.58,
  positionType: 'scalp_long',
  refereeRisk: 'medium',
  refereeComment: 'Breakout above the 24 h range.',
  status: 'hot',
  tickerData: {
    price_7d: 64_000,
    change_7d: 3.25,
    volume_7d: 9_000_000,
    price_history: [],
    volume_history: [],
  },
  activeTriggers: ['breakout'],
  selectedAnalyses: [],
  lastUpdated: AT,
  recentErrors: [{ error: 'feed timeout', at: AT }],
});

const TAB_NAMES = [
  'Analysis Results',
  'Ticker Referee',
  'Daily Referee',
  'Ticker History',
  'Bypass Analyses',
  'Heatmap Data',
  'Database Data',
];

function renderModal(
  answer: () => FakeAnswer | Promise<FakeAnswer>,
  entry: AdminHeatMapEntry | null = ENTRY,
) {
  const calls = serveApi(answer);
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AdminPairDetailsModal pair="BTC/USD" entry={entry ?? undefined} onClose={onClose} />
    </QueryClientProvider>,
  );
  const dialog = screen.getByRole('dialog', { name: 'Pair Details: BTC/USD' });
  return { calls, onClose, dialog };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const panel = () => screen.getByRole('tabpanel');
const open = async (name: string) => {
  await userEvent.click(tab(name));
  return panel();
};
const figure = (container: HTMLElement, term: string) =>
  within(container).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('AdminPairDetailsModal', () => {
  it('asks the server for the pair and shows its analyses under the first of seven tabs', async () => {
    const { calls } = renderModal(() => ({ status: 200, body: DETAILS }));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(TAB_NAMES);
    expect(tab('Analysis Results').getAttribute('aria-selected')).toBe('true');
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('Analysis Results').id);
    const table = await within(panel()).findByRole('table', { name: 'Analysis results' });
    expect(calls.map((c) => c.url)).toEqual(['/api/admin/pair-details/BTC%2FUSD']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('81.25');
    expect(rows[0]!.textContent).toContain('Quick short');
    expect(rows[1]!.textContent).toContain('exchange 502');
  });

  it('moves between tabs with the arrow keys, Home and End, keeping one tab in the Tab order', async () => {
    renderModal(() => ({ status: 200, body: DETAILS }));
    tab('Analysis Results').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Ticker Referee'));
    expect(tab('Ticker Referee').getAttribute('aria-selected')).toBe('true');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Database Data'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(tab('Analysis Results'));
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Database Data'));
    expect(screen.getAllByRole('tab').filter((t) => t.tabIndex === 0)).toEqual([tab('Database Data')]);
  });

  it("shows each tab's figures", async () => {
    renderModal(() => ({ status: 200, body: DETAILS }));
    await within(panel()).findByRole('table');

    const ticker = await open('Ticker Referee');
    expect(figure(ticker, 'Trend')).toBe('Bearish');
    expect(figure(ticker, 'RSI (14)')).toBe('28.40');
    expect(figure(ticker, 'Comment')).toBe('EMA 20 below EMA 50; RSI oversold.');
    expect(figure(ticker, '24h High')).toBe('65,100.00000000');

    const daily = await open('Daily Referee');
    expect(figure(daily, 'Risk')).toBe('High');
    expect(figure(daily, '7D Change %')).toBe('-4.7500');
    expect(figure(daily, '7D Volume (USD)')).toBe('$1,234,567.50');

    const history = await open('Ticker History');
    expect(within(history).getByRole('img', { name: /^Price of BTC\/USD from/ }).dataset.points).toBe(
      '64000,65000,64250.5',
    );
    expect(within(history).getByRole('img', { name: /^Volume of BTC\/USD in USD/ }).dataset.points).toBe(
      '1000,2000,500',
    );
    expect(figure(history, 'High')).toBe('65,000.00000000');
    expect(figure(history, 'Change %')).toBe('0.3914');
    expect(figure(history, 'Total Volume (USD)')).toBe('$3,500.00');

    const bypass = await open('Bypass Analyses');
    const bypassRows = within(bypass).getAllByRole('row').slice(1);
    expect(bypassRows).toHaveLength(1);
    expect(bypassRows[0]!.textContent).toContain('bypass_analysis');
    expect(bypassRows[0]!.textContent).toContain('4h');

    const heat = await open('Heatmap Data');
    expect(figure(heat, 'Heat Score')).toBe('82.00');
    expect(figure(heat, 'Active Triggers')).toBe('breakout');
    expect(within(heat).getByText(/feed timeout/)).toBeTruthy();

    const database = await open('Database Data');
    expect(within(database).getByRole('table', { name: 'Recent offers' }).textContent).toContain('offer-12');
    expect(within(database).getByRole('table', { name: 'Recent logs' }).textContent).toContain(
      'analysis.queued',
    );
    expect(within(database).getByRole('table', { name: 'Triggers' }).textContent).toContain(
      'bypass_analysis',
    );
  });

  it('says plainly when a tab has nothing to show', async () => {
    renderModal(() => ({ status: 200, body: EMPTY }), null);
    await within(panel()).findByText('No analyses for this pair');
    expect((await open('Ticker Referee')).textContent).toBe('No ticker referee data for this pair');
    expect((await open('Daily Referee')).textContent).toBe('No daily referee data for this pair');
    expect((await open('Ticker History')).textContent).toBe(
      'No ticker history for this pair in the last 12 hours',
    );
    expect((await open('Bypass Analyses')).textContent).toContain('No bypass analyses for this pair');
    expect((await open('Heatmap Data')).textContent).toBe('No heatmap data for this pair');
    const database = await open('Database Data');
    for (const text of ['No offers for this pair', 'No logs for this pair', 'No triggers for this pair']) {
      expect(within(database).getByText(text)).toBeTruthy();
    }
  });

  it("shows 'Loading...' and then the server's error", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    renderModal(async () => {
      await held;
      return { status: 404, body: { error: 'Unknown pair' } };
    });
    expect(within(panel()).getByRole('status').textContent).toBe('Loading...');
    release();
    expect((await within(panel()).findByRole('alert')).textContent).toBe(
      'Failed to load pair details: Unknown pair',
    );
    // The caller's heat-map entry does not wait for the server.
    expect(figure(await open('Heatmap Data'), 'Heat Score')).toBe('82.00');
  });

  it("says 'Unknown error' when the server gives no reason", async () => {
    renderModal(() => ({ status: 500 }));
    expect((await within(panel()).findByRole('alert')).textContent).toBe(
      'Failed to load pair details: Unknown error',
    );
  });

  it('closes from its Close button', async () => {
    const { onClose, dialog } = renderModal(() => ({ status: 200, body: EMPTY }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
