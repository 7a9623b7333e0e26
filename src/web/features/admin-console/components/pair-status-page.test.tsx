// @vitest-environment happy-dom
import { toast } from 'react-toastify';
import type { AdminLiveMessage } from '../../../../contract/events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CSV_COLUMNS } from '../../../lib/heatmap-csv';
import { backOffice, list, pair, payment } from '../../../testing/admin-back-office';
import type { FakeCall as Call } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { saveTextFile } from '../../../lib/download';
import { act, fireEvent, screen, waitFor, within } from '../../../testing/dom';
import { PairStatusPage } from './pair-status-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('../../../lib/download', () => ({ saveTextFile: vi.fn() }));
vi.mock('../../../lib/use-socket', () => ({ useSocket: () => ({}), useSocketEvent: () => undefined }));
// The admin event stream the Heatmap tab reads: the test pushes its messages itself.
const stream = vi.hoisted(() => ({ push: null as ((message: AdminLiveMessage) => void) | null }));
vi.mock('../../../lib/use-admin-live-stream', () => ({
  useAdminLiveStream: (handler: (message: AdminLiveMessage) => void) => {
    stream.push = handler;
  },
}));

const toasted = (kind: 'success' | 'error') => vi.mocked(toast[kind]).mock.calls.map(([text]) => text);
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const dialog = (name: string) => screen.getByRole('dialog', { name });
const confirm = () =>
  fireEvent.click(within(dialog('Confirmation')).getByRole('button', { name: 'Confirm' }));

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  stream.push = null;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('the All-Seeing Eye', () => {
  it("has the dashboard's 15 tabs then Heatmap, and 'Export {Tab}' buttons", async () => {
    backOffice();
    renderWithQuery(<PairStatusPage />);
    expect(screen.getByRole('heading', { name: 'All-Seeing Eye Dashboard' })).toBeTruthy();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toHaveLength(16);
    expect(tabs.at(-1)).toBe('Heatmap');
    await screen.findByText('71.24');
    expect(screen.getByRole('button', { name: 'Export Analyses' })).toBeTruthy();
  });

  it('bulk-activates the selected pairs, one call per pair, after confirming the count', async () => {
    const calls = backOffice((call) =>
      call.method === 'GET' && call.path === '/api/admin/all-crypto-pairs'
        ? list([pair('BTC/USD', false), pair('ETH/USD', false), pair('SOL/USD', true)])
        : undefined,
    );
    renderWithQuery(<PairStatusPage />);
    openTab('Crypto Pairs');
    await screen.findByRole('cell', { name: 'BTC/USD' });
    const activate = () => screen.getByRole<HTMLButtonElement>('button', { name: /^Bulk Activate/ });
    expect(activate().textContent).toBe('Bulk Activate (0)');
    expect(activate().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select BTC/USD'));
    fireEvent.click(screen.getByLabelText('Select ETH/USD'));
    expect(activate().textContent).toBe('Bulk Activate (2)');
    expect(screen.getByRole('button', { name: 'Bulk Delete (2)' })).toBeTruthy();
    fireEvent.click(activate());
    expect(within(dialog('Confirmation')).getByText('Activate 2 selected pairs?')).toBeTruthy();
    confirm();
    await waitFor(() => expect(toasted('success')).toEqual(['Selected pairs activated']));
    expect(posts(calls).map((c) => c.body)).toEqual([
      { action: 'update', symbol: 'BTC/USD', active: true },
      { action: 'update', symbol: 'ETH/USD', active: true },
    ]);
    await waitFor(() => expect(activate().textContent).toBe('Bulk Activate (0)'));
  });

  it("says 'Failed to delete some pairs' when one of a bulk delete fails", async () => {
    backOffice((call) => {
      if (call.method === 'GET' && call.path === '/api/admin/all-crypto-pairs')
        return list([pair('BTC/USD', true), pair('ETH/USD', true)]);
      if (call.method === 'POST' && (call.body as { symbol: string }).symbol === 'ETH/USD')
        return { status: 409, body: { error: 'Pair has open offers' } };
      return undefined;
    });
    renderWithQuery(<PairStatusPage />);
    openTab('Crypto Pairs');
    await screen.findByRole('cell', { name: 'BTC/USD' });
    fireEvent.click(screen.getByLabelText('Select all'));
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Delete (2)' }));
    expect(within(dialog('Confirmation')).getByText('Delete 2 selected pairs?')).toBeTruthy();
    confirm();
    await waitFor(() => expect(toasted('error')).toEqual(['Failed to delete some pairs']));
  });

  it('adds a pair with the form rules: symbol pattern, Kraken symbol, JSON config', async () => {
    const calls = backOffice();
    renderWithQuery(<PairStatusPage />);
    openTab('Crypto Pairs');
    fireEvent.click(screen.getByRole('button', { name: 'Add Pair' }));
    const form = dialog('Add New Crypto Pair');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Add Pair' }));
    submit();
    expect(within(form).getByText('Symbol is required')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Symbol'), { target: { value: 'btc-usd' } });
    fireEvent.change(within(form).getByLabelText('Kraken Symbol'), { target: { value: 'x' } });
    fireEvent.change(within(form).getByLabelText('Dynamic Config (JSON)'), { target: { value: '{oops' } });
    submit();
    expect(within(form).getByText('Invalid symbol format (e.g., BTC/USD)')).toBeTruthy();
    expect(within(form).getByText('Invalid Kraken symbol format (e.g., XBTUSD)')).toBeTruthy();
    expect(within(form).getByText('Invalid JSON in dynamic_config')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Symbol'), { target: { value: 'DOT/USD' } });
    fireEvent.change(within(form).getByLabelText('Kraken Symbol'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Dynamic Config (JSON)'), {
      target: { value: '{"volumeThreshold": 2}' },
    });
    submit();
    await waitFor(() => expect(toasted('success')).toEqual(['Pair added successfully']));
    expect(posts(calls)[0]!.body).toEqual({
      action: 'add',
      symbol: 'DOT/USD',
      active: false,
      dynamic_config: { volumeThreshold: 2 },
    });
    expect(screen.queryByRole('dialog', { name: 'Add New Crypto Pair' })).toBeNull();
  });

  it('adds a trigger validated by the contract: type, symbol, URL, keywords trimmed', async () => {
    const calls = backOffice();
    renderWithQuery(<PairStatusPage />);
    openTab('Triggers');
    fireEvent.click(screen.getByRole('button', { name: 'Add Trigger' }));
    const form = dialog('Add New Trigger');
    const submit = () => fireEvent.click(within(form).getByRole('button', { name: 'Add Trigger' }));
    fireEvent.change(within(form).getByLabelText('Source'), { target: { value: 'ftp://x' } });
    submit();
    expect(within(form).getByText('Trigger type is required')).toBeTruthy();
    expect(within(form).getByText('Symbol is required')).toBeTruthy();
    expect(within(form).getByText('Invalid URL format')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Trigger Type'), { target: { value: 'news' } });
    fireEvent.change(within(form).getByLabelText('Symbol'), { target: { value: 'ETH/USD' } });
    fireEvent.change(within(form).getByLabelText('Source'), {
      target: { value: 'https://feed.example/rss' },
    });
    fireEvent.change(within(form).getByLabelText('Keywords (comma separated)'), {
      target: { value: ' etf, ,sec ' },
    });
    submit();
    await waitFor(() => expect(toasted('success')).toEqual(['Trigger action successful']));
    expect(posts(calls)[0]!.body).toEqual({
      action: 'add',
      type: 'news',
      symbol: 'ETH/USD',
      source: 'https://feed.example/rss',
      keywords: ['etf', 'sec'],
      active: true,
    });
  });

  it('bulk-approves the selected pending payments', async () => {
    const calls = backOffice((call) =>
      call.method === 'GET' && call.path === '/api/admin/payments'
        ? list([payment('pay-1', 'pending', 12.5), payment('pay-3', 'pending', 5)])
        : call.path === '/api/admin/approve-withdrawal/pay-3'
          ? { status: 200, body: {} }
          : undefined,
    );
    renderWithQuery(<PairStatusPage />);
    openTab('Payments');
    await screen.findByText('$12.50');
    fireEvent.click(screen.getByLabelText('Select all'));
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Approve (2)' }));
    expect(within(dialog('Confirmation')).getByText('Approve 2 selected payments?')).toBeTruthy();
    confirm();
    await waitFor(() => expect(toasted('success')).toEqual(['Selected payments approved']));
    expect(
      posts(calls)
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/api/admin/approve-withdrawal/pay-1', '/api/admin/approve-withdrawal/pay-3']);
  });

  it('shows a heat card per pair, triggers an analysis on 1h, and exports the heat map', async () => {
    const calls = backOffice();
    renderWithQuery(<PairStatusPage />);
    openTab('Heatmap');
    const card = (await screen.findByRole('heading', { name: 'BTC/USD' })).closest('li')!;
    const figure = (label: string) => within(card).getByText(label).nextElementSibling!.textContent;
    expect(figure('Heat Score')).toBe('82.46');
    expect(figure('Progrev Score')).toBe('0.46');
    expect(figure('Trend')).toBe('Bullish');
    expect(figure('Risk Level')).toBe('Medium');
    expect(figure('7D Change %')).toBe('-3.21');
    expect(figure('Errors')).toBe('1');
    expect(figure('Density')).toBe('1.50');
    expect(figure('Status')).toBe('Hot');
    expect(calls.find((c) => c.path === '/api/admin/heat-map')!.query).toEqual({ timeRange: '30d' });

    fireEvent.click(within(card).getByRole('button', { name: 'Trigger Analysis for BTC/USD' }));
    await waitFor(() => expect(toasted('success')).toEqual(['Trigger action successful']));
    expect(posts(calls)[0]).toMatchObject({
      path: '/api/admin/manage-triggers',
      body: { action: 'add', type: 'advisor_request', symbol: 'BTC/USD', parameters: { timeframe: '1h' } },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Export Heatmap' }));
    const [fileName, text] = vi.mocked(saveTextFile).mock.calls[0]!;
    expect(fileName).toMatch(/^heatmap-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.csv$/);
    const lines = text.split(/\r?\n/);
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines[1]).toBe(
      'BTC/USD,82.456,hot,60,long,0.4567,bullish,medium,news,"Strong, ""steady"" demand",2026-11-20T10:00:00.000Z',
    );
    expect(toasted('success')).toContain('Heatmap exported successfully');
  });

  it("opens a card's pair details, the Heatmap Data tab showing the card's entry", async () => {
    const calls = backOffice((call) =>
      call.path === '/api/admin/pair-details/BTC%2FUSD'
        ? { status: 404, body: { error: 'Unknown pair' } }
        : undefined,
    );
    renderWithQuery(<PairStatusPage />);
    openTab('Heatmap');
    fireEvent.click(await screen.findByRole('button', { name: 'Details for BTC/USD' }));
    const details = dialog('Pair Details: BTC/USD');
    expect((await within(details).findByText(/^Failed to load pair details:/)).textContent).toBe(
      'Failed to load pair details: Unknown pair',
    );
    expect(calls.some((c) => c.path === '/api/admin/pair-details/BTC%2FUSD')).toBe(true);
    fireEvent.click(within(details).getByRole('tab', { name: 'Heatmap Data' }));
    const heat = within(details).getByText('Heat Score', { selector: 'dt' }).nextElementSibling;
    expect(heat?.textContent).toBe('82.46');
    fireEvent.click(within(details).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pair Details: BTC/USD' })).toBeNull());
  });

  it('keeps the heat cards live from the admin stream only while the Heatmap tab is shown', async () => {
    backOffice();
    renderWithQuery(<PairStatusPage />);
    expect(stream.push).toBeNull();
    openTab('Heatmap');
    const card = (await screen.findByRole('heading', { name: 'BTC/USD' })).closest('li')!;
    const errors = () => within(card).getByText('Errors').nextElementSibling!.textContent;
    expect(errors()).toBe('1');
    const at = '2026-11-23T10:00:00.000Z';
    act(() => stream.push!({ channel: 'worker_log', pair: 'BTC/USD', error: 'exchange 502', at }));
    await waitFor(() => expect(errors()).toBe('2'));
    act(() => stream.push!({ channel: 'pair_updates:all', pair: 'BTC/USD', action: 'deactivated', at }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'BTC/USD' })).toBeNull());
  });
});
