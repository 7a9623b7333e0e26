// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminLiveMessage } from '../../../../contract/events';
import type { AdminHeatMap, HeatMapUpdate } from '../../../../contract/heatmap';
import type { ChartProps } from '../../../components/charts/chart-types';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { saveTextFile } from '../../../lib/download';
import { act, fireEvent, render, screen, userEvent, waitFor, within } from '../../../testing/dom';
import { queryOf, serveApi, type FakeCall } from '../../../testing/fake-api';
import { testAdminEntry as entry } from '../../../testing/test-heat-entry';
import { OfferAnalyticsPage } from './offer-analytics-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('../../../lib/download', () => ({ saveTextFile: vi.fn() }));
// The treemap is drawn by ECharts on a canvas; here it is a button per tile, clicked as a tile would be.
vi.mock('../../../components/charts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  LazyChart: ({ ariaLabel, onItemClick }: ChartProps) => (
    <div role="img" aria-label={ariaLabel}>
      <button type="button" onClick={() => onItemClick?.('ETH/USD', 0)}>
        ETH/USD tile
      </button>
    </div>
  ),
}));
// The server's socket, as the screen subscribes to it: the test pushes heatmap_update itself.
const live = vi.hoisted((): { push: (update: unknown) => void } => ({ push: () => undefined }));
vi.mock('../../../lib/use-socket', () => ({
  useSocket: () => ({}),
  useSocketEvent: (_socket: unknown, event: string, handler: (payload: unknown) => void) => {
    if (event === 'heatmap_update') live.push = handler;
  },
}));

// The admin event stream, as the screen reads it: the test pushes its messages itself.
const stream = vi.hoisted((): { push: (message: AdminLiveMessage) => void } => ({ push: () => undefined }));
vi.mock('../../../lib/use-admin-live-stream', () => ({
  useAdminLiveStream: (handler: (message: AdminLiveMessage) => void) => {
    stream.push = handler;
  },
}));

const toasted = () => ({
  success: vi.mocked(toast.success).mock.calls.map(([text]) => text),
  info: vi.mocked(toast.info).mock.calls.map(([text]) => text),
  error: vi.mocked(toast.error).mock.calls.map(([text]) => text),
});

const MAP: AdminHeatMap = {
  'BTC/USD': entry('BTC/USD', { heatScore: 82, positionType: 'scalp_long' }),
  'ETH/USD': entry('ETH/USD', {
    heatScore: 60,
    positionType: 'short',
    tickerData: { ...entry('x').tickerData, volume_7d: 9_000_000 },
    recentErrors: [{ error: 'feed timeout', at: '2026-11-21T09:00:00.000Z' }],
  }),
  'SOL/USD': entry('SOL/USD', { heatScore: 30, positionType: 'balanced', activeTriggers: ['breakout'] }),
};

const isMap = (call: FakeCall) => call.url.startsWith('/api/admin/heat-map');

function serveMap(map: AdminHeatMap = MAP) {
  return serveApi((call) =>
    isMap(call) ? { status: 200, body: map } : { status: 404, body: { error: 'Unknown pair' } },
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OfferAnalyticsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Heatmap of active pairs' });
const rowPairs = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('td')?.textContent);
const rowOf = (pair: string) => screen.getByRole('row', { name: `${pair} details` });

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('the Offer Analytics screen', () => {
  it('asks for 7 days by heat and shows the 15 columns, hottest first, with the spec controls', async () => {
    const calls = serveMap();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Offer Analytics' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All-Seeing Eye' }).getAttribute('href')).toBe(
      '/admin/pair-status',
    );
    await screen.findByRole('row', { name: 'BTC/USD details' });
    expect(queryOf(calls.find(isMap)!)).toEqual({ timeRange: '7d', sort: 'heat_desc' });
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼]/, '')),
    ).toEqual([
      'Pair',
      'Heat Score',
      'Status',
      'Success Rate',
      'Position Type',
      'Progrev Score',
      'Trend',
      'Risk Level',
      'Change 7D',
      'Volume 7D',
      'Volatility 7D',
      'Active Triggers',
      'AI Comments',
      'Recent Errors',
      'Last Updated',
    ]);
    expect(rowPairs()).toEqual(['BTC/USD', 'ETH/USD', 'SOL/USD']);
    expect(rowOf('ETH/USD').textContent).toContain('1: feed timeout');
    expect(
      screen.getByText('Current status, scores, and trends for active pairs with enabled analysis.'),
    ).toBeTruthy();
    const options = (label: string) =>
      Array.from(screen.getByLabelText<HTMLSelectElement>(label).options).map((o) => o.textContent);
    expect(options('Time Range')).toEqual(['Last 7 Days', 'Last 30 Days', 'Last 90 Days']);
    expect(options('Bias')).toEqual(['All Biases', 'short', 'long', 'balanced']);
    expect(options('Trend')).toEqual(['All Trends', 'bullish', 'bearish', 'neutral']);
    expect(options('Risk Level')).toEqual(['All Risk Levels', 'low', 'medium', 'high']);
    expect(options('Sort')).toEqual(['Heat Score desc', 'Progrev Score desc', 'Last Updated desc']);
    expect(screen.getByLabelText<HTMLInputElement>('Min Heat: 0').value).toBe('0');
  });

  it('edges rows by heat: red and pulsing above 75, orange above 50, else green', async () => {
    serveMap();
    renderPage();
    await screen.findByRole('row', { name: 'BTC/USD details' });
    expect(within(rowOf('BTC/USD')).queryByTestId('hot-pulse')).not.toBeNull();
    expect(rowOf('ETH/USD').className).toContain('border-l-orange-500');
    expect(within(rowOf('ETH/USD')).queryByTestId('hot-pulse')).toBeNull();
    expect(rowOf('SOL/USD').className).toContain('border-l-emerald-500');
  });

  it('sorts by a clicked header, ascending then descending', async () => {
    serveMap();
    renderPage();
    await screen.findByRole('row', { name: 'BTC/USD details' });
    const header = within(table()).getByRole('button', { name: /Volume 7D/ });
    await userEvent.click(header);
    expect(rowPairs()).toEqual(['BTC/USD', 'SOL/USD', 'ETH/USD']);
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(header);
    expect(rowPairs()[0]).toBe('ETH/USD');
    expect(header.closest('th')?.getAttribute('aria-sort')).toBe('descending');
  });

  it('sends the filters and applies them to what it holds', async () => {
    const calls = serveMap();
    renderPage();
    await screen.findByRole('row', { name: 'BTC/USD details' });
    await userEvent.selectOptions(screen.getByLabelText('Bias'), 'short');
    await waitFor(() => expect(rowPairs()).toEqual(['ETH/USD']));
    await userEvent.click(screen.getByLabelText('Active Triggers'));
    await waitFor(() =>
      expect(queryOf(calls.filter(isMap).at(-1)!)).toMatchObject({
        bias: 'short',
        filter: 'active_triggers',
      }),
    );
    await screen.findByText('No pairs match these filters');
  });

  it('opens the details from a row or a tile, and closes them when a live change drops the pair', async () => {
    const calls = serveMap();
    renderPage();
    await screen.findByRole('row', { name: 'BTC/USD details' });
    await userEvent.click(rowOf('SOL/USD'));
    expect(screen.getByRole('dialog', { name: 'Pair Details: SOL/USD' })).toBeTruthy();
    await userEvent.click(within(screen.getByRole('dialog')).getAllByRole('button', { name: /close/i })[0]!);

    fireEvent.change(screen.getByLabelText('Min Heat: 0'), { target: { value: '50' } });
    await waitFor(() => expect(queryOf(calls.filter(isMap).at(-1)!).minHeat).toBe('50'));
    await waitFor(() => expect(rowPairs()).toEqual(['BTC/USD', 'ETH/USD']));
    await userEvent.click(screen.getByRole('button', { name: 'ETH/USD tile' }));
    expect(screen.getByRole('dialog', { name: 'Pair Details: ETH/USD' })).toBeTruthy();
    act(() => live.push({ 'ETH/USD': { heatScore: 45 } } satisfies HeatMapUpdate));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasted().info).toEqual([
      'Heatmap updated for ETH/USD',
      'Closed details for ETH/USD as it no longer matches filters.',
    ]);
    expect(rowPairs()).toEqual(['BTC/USD']);
  });

  it('merges the live stream into the table: a worker error, a deleted pair, a finished analysis', async () => {
    const calls = serveMap();
    renderPage();
    await screen.findByRole('row', { name: 'BTC/USD details' });
    const at = '2026-11-23T10:00:00.000Z';
    act(() => stream.push({ channel: 'worker_log', pair: 'BTC/USD', error: 'exchange 502', at }));
    await waitFor(() => expect(rowOf('BTC/USD').textContent).toContain('1: exchange 502'));
    act(() => stream.push({ channel: 'pair_updates:all', pair: 'SOL/USD', action: 'deleted', at }));
    await waitFor(() => expect(rowPairs()).toEqual(['BTC/USD', 'ETH/USD']));
    const fetched = calls.filter(isMap).length;
    act(() =>
      stream.push({
        channel: 'analysis_status',
        pair: 'SOL/USD',
        analysisId: 'an-1',
        status: 'completed',
        stage: 'offer',
        progress: 100,
        at,
      }),
    );
    await waitFor(() => expect(calls.filter(isMap)).toHaveLength(fetched + 1));
    await waitFor(() => expect(rowPairs()).toEqual(['BTC/USD', 'ETH/USD', 'SOL/USD']));
  });

  it("'Close Selected Offers' only toasts; the export has the heat map columns", async () => {
    const calls = serveMap();
    renderPage();
    await screen.findByRole('row', { name: 'BTC/USD details' });
    const before = calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Close Selected Offers' }));
    expect(toasted().info).toEqual(['Bulk close offers implemented']);
    expect(calls.length).toBe(before);

    await userEvent.click(screen.getByRole('button', { name: 'Export Heatmap' }));
    const [fileName, text] = vi.mocked(saveTextFile).mock.calls[0]!;
    expect(fileName).toMatch(/^heatmap-.*\.csv$/);
    expect(text.split('\r\n')[0]).toBe(
      'pair,heatScore,status,successRate,positionType,progrevScore,refereeTrend,refereeRisk,activeTriggers,aiComments,lastUpdated',
    );
    expect(text.split('\r\n')[1]).toMatch(/^BTC\/USD,82,/);
    expect(toasted().success).toEqual(['Heatmap exported successfully']);
  });

  it("shows 'Failed to fetch analytics' with Retry when the map cannot load", async () => {
    serveApi(() => ({ status: 500 }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch analytics');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    await waitFor(() => expect(toasted().error).toContain('Failed to fetch analytics'));
  });
});
