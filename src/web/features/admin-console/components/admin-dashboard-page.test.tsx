// @vitest-environment happy-dom
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analysis, at, backOffice, list } from '../../../testing/admin-back-office';
import type { FakeCall as Call } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { saveTextFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/format';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { act, fireEvent, screen, waitFor, within } from '../../../testing/dom';
import { AdminDashboardPage } from './admin-dashboard-page';

vi.mock('react-toastify', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), isActive: vi.fn(() => false), update: vi.fn() },
}));
vi.mock('../../../lib/download', () => ({ saveTextFile: vi.fn() }));
const socketHandlers = new Map<string, (payload: unknown) => void>();
vi.mock('../../../lib/use-socket', () => ({
  useSocket: () => ({}),
  useSocketEvent: (_socket: unknown, event: string, handler: (payload: unknown) => void) =>
    socketHandlers.set(event, handler),
}));

const toasted = (kind: 'success' | 'error' | 'info') =>
  vi.mocked(toast[kind]).mock.calls.map(([text]) => text);
const openTab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));
const gets = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);
const confirmDialog = () => screen.getByRole('dialog', { name: 'Confirmation' });

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  socketHandlers.clear();
  localStorage.clear();
});

describe('the Admin Dashboard', () => {
  it('has the 15 tabs and loads Analyses for 30 days, 50 a page, formatted', async () => {
    const calls = backOffice();
    renderWithQuery(<AdminDashboardPage />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Analyses',
      'Analysis Snapshots',
      'Audit Logs',
      'Crypto Pairs',
      'Global Settings',
      'Ticker Logs',
      'Offers',
      'Triggers',
      'Payments',
      'Users',
      'User Offers',
      'Action Logs',
      'User Preferences',
      'Pending Approvals',
      'System Health',
    ]);
    expect(await screen.findByText('71.24')).toBeTruthy();
    expect(gets(calls, '/api/admin/analyses')[0]!.query).toEqual({
      timeRange: '30d',
      page: '1',
      pageSize: '50',
    });
    expect(screen.getByText('0.50')).toBeTruthy();
    expect(screen.getByText('N/A')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
  });

  it('pages, and starts again at page 1 with a new time range, page size or a search 300 ms after typing', async () => {
    const calls = backOffice();
    renderWithQuery(<AdminDashboardPage />);
    await screen.findByText('71.24');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(gets(calls, '/api/admin/analyses').at(-1)!.query.page).toBe('2'));
    fireEvent.change(screen.getByLabelText('Time range'), { target: { value: '7d' } });
    await waitFor(() =>
      expect(gets(calls, '/api/admin/analyses').at(-1)!.query).toMatchObject({ timeRange: '7d', page: '1' }),
    );
    fireEvent.change(screen.getByLabelText('Page size'), { target: { value: '100' } });
    await waitFor(() => expect(gets(calls, '/api/admin/analyses').at(-1)!.query.pageSize).toBe('100'));

    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ETH' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(gets(calls, '/api/admin/analyses').some((c) => c.query.search)).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(gets(calls, '/api/admin/analyses').at(-1)!.query.search).toBe('ETH'));
  });

  it('falls back to the last page when the rows shrink under it', async () => {
    let total = 120;
    const calls = backOffice((call) =>
      call.path === '/api/admin/analyses' ? list([analysis], total) : undefined,
    );
    renderWithQuery(<AdminDashboardPage />);
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 3');
    total = 10;
    act(() => socketHandlers.get('pair_updates')!({ pair: 'BTC/USD', action: 'deleted' }));
    await screen.findByText('Page 1 of 1');
    expect(gets(calls, '/api/admin/analyses').at(-1)!.query.page).toBe('1');
  });

  it("exports the shown rows as {name}-{range}.csv and toasts '{name} exported as CSV'", async () => {
    backOffice();
    renderWithQuery(<AdminDashboardPage />);
    await screen.findByText('71.24');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const [fileName, text] = vi.mocked(saveTextFile).mock.calls[0]!;
    expect(fileName).toBe('analyses-30d.csv');
    expect(text.split(/\r?\n/)[0]).toBe('Pair,User ID,Status,Progrev Score,Density,Created At');
    expect(text).toContain('BTC/USD,,completed,71.236,0.5,2026-11-20T10:00:00.000Z');
    expect(toasted('success')).toEqual(['Analyses exported as CSV']);
  });

  it('deletes a pair only after Confirm, then refetches the lists', async () => {
    const calls = backOffice();
    renderWithQuery(<AdminDashboardPage />);
    openTab('Crypto Pairs');
    const row = (await screen.findByRole('cell', { name: 'BTC/USD' })).closest('tr')!;
    expect(within(row).getByText('Yes')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Delete BTC/USD' }));
    expect(within(confirmDialog()).getByText('Delete pair BTC/USD?')).toBeTruthy();
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    const before = gets(calls, '/api/admin/all-crypto-pairs').length;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete BTC/USD' }));
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasted('success')).toEqual(['Pair action completed']));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/admin/manage-pairs',
      body: { action: 'delete', symbol: 'BTC/USD' },
    });
    await waitFor(() => expect(gets(calls, '/api/admin/all-crypto-pairs').length).toBeGreaterThan(before));
  });

  it("toggles a pair's active flag and toasts the server's error when it refuses", async () => {
    const calls = backOffice((call) =>
      call.method === 'POST' ? { status: 409, body: { error: 'Pair is busy' } } : undefined,
    );
    renderWithQuery(<AdminDashboardPage />);
    openTab('Crypto Pairs');
    await screen.findByRole('cell', { name: 'BTC/USD' });
    fireEvent.click(screen.getByRole('button', { name: 'Toggle Active BTC/USD' }));
    await waitFor(() => expect(toasted('error')).toEqual(['Pair is busy']));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      action: 'update',
      symbol: 'BTC/USD',
      active: false,
    });
  });

  it('syncs Kraken pairs and toasts the counts', async () => {
    backOffice();
    renderWithQuery(<AdminDashboardPage />);
    openTab('Crypto Pairs');
    fireEvent.click(screen.getByRole('button', { name: 'Sync Kraken Pairs' }));
    await waitFor(() =>
      expect(toasted('success')).toEqual(['Kraken pairs synced: 2 added, 0 updated, 1 deactivated']),
    );
  });

  it('deletes a trigger after its confirmation', async () => {
    const calls = backOffice();
    renderWithQuery(<AdminDashboardPage />);
    openTab('Triggers');
    expect(await screen.findByText('etf, sec')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete news trigger for ETH/USD' }));
    expect(within(confirmDialog()).getByText('Delete trigger news for ETH/USD?')).toBeTruthy();
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasted('success')).toEqual(['Trigger action successful']));
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      action: 'delete',
      type: 'news',
      symbol: 'ETH/USD',
    });
  });

  it('approves only pending payments, after confirming the amount', async () => {
    const calls = backOffice();
    renderWithQuery(<AdminDashboardPage />);
    openTab('Payments');
    await screen.findByText('$12.50');
    const done = screen.getByRole<HTMLButtonElement>('button', { name: 'Approve payment pay-2' });
    expect(done.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Approve payment pay-1' }));
    expect(within(confirmDialog()).getByText('Approve payment of $12.50?')).toBeTruthy();
    fireEvent.click(within(confirmDialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasted('success')).toEqual(['Withdrawal approved']));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/approve-withdrawal/pay-1',
    ]);
  });

  it("lists pending approvals with the user's name and 'Total Pending: N'", async () => {
    backOffice();
    renderWithQuery(<AdminDashboardPage />);
    openTab('Pending Approvals');
    expect(await screen.findByText('ann')).toBeTruthy();
    expect(screen.getByText('Total Pending: 3')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
  });

  it("shows the system health cards, queue jobs summed, 'N/A' when missing, and the audit chain", async () => {
    backOffice();
    renderWithQuery(<AdminDashboardPage />);
    openTab('System Health');
    expect(await screen.findByText('4')).toBeTruthy();
    const card = (label: string) => screen.getByText(label).parentElement!.textContent;
    expect(card('Active Pairs')).toBe('Active Pairs4');
    expect(card('Redis Keys')).toBe('Redis KeysN/A');
    expect(card('Queue Jobs')).toBe('Queue Jobs3');
    expect(card('Audit Chain')).toBe('Audit ChainBroken at row 7 (row changed)');
    expect(screen.getByText(/^Mail:/).parentElement!.textContent).toBe(
      `Mail: The last message failed at ${formatDateTime('2026-11-23T09:30:00.000Z')}: The mail server refused or could not be reached: connect ECONNREFUSED`,
    );
    const work = within(screen.getByRole('table', { name: 'Background work' }));
    expect(work.getByRole('row', { name: /market-refresh/ }).textContent).toContain('Running');
    expect(work.getByRole('row', { name: /trade-monitor/ }).textContent).toContain(
      'Failed: Service temporarily unavailable: database unreachable',
    );
    const gate = within(screen.getByRole('table', { name: 'Publication gate by strategy family' }));
    expect(gate.getByRole('row', { name: /ts-trend/ }).textContent).toBe(
      'ts-trendDoes not pass0.810.186.21% (3.16)6.7299',
    );
  });

  it('reloads the lists with an info toast on pair_updates and toasts worker errors', async () => {
    const calls = backOffice();
    renderWithQuery(<AdminDashboardPage />);
    await screen.findByText('71.24');
    const before = gets(calls, '/api/admin/analyses').length;
    act(() => socketHandlers.get('pair_updates')!({ pair: 'BTC/USD', action: 'updated' }));
    expect(toasted('info')).toEqual(['Pair BTC/USD updated']);
    await waitFor(() => expect(gets(calls, '/api/admin/analyses').length).toBe(before + 1));
    // While that toast shows, the next pair re-words it instead of stacking a second one.
    vi.mocked(toast.isActive).mockReturnValue(true);
    act(() => socketHandlers.get('pair_updates')!({ pair: 'ETH/USD', action: 'updated' }));
    expect(toasted('info')).toHaveLength(1);
    expect(vi.mocked(toast.update).mock.calls).toEqual([
      ['pair-updates', { render: 'Pair ETH/USD updated', type: 'info' }],
    ]);
    act(() => socketHandlers.get('worker_log')!({ pair: 'ETH/USD', error: 'timeout', at }));
    expect(toasted('error')).toEqual(['Worker error for ETH/USD: timeout']);
  });

  it("says 'No data available' for an empty collection (the list routes answer 404 until built)", async () => {
    backOffice((call) => (call.path === '/api/admin/users' ? list([]) : undefined));
    renderWithQuery(<AdminDashboardPage />);
    openTab('Users');
    expect(await screen.findByText('No data available')).toBeTruthy();
  });
});
