// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportPayment, ReportTrade } from '../../../../contract/admin-reports';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { saveBlob } from '../../../lib/download';
import { act, fireEvent, render, screen, userEvent, waitFor, within } from '../../../testing/dom';
import { ReportsPage } from './reports-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/download', () => ({ saveBlob: vi.fn() }));
const toasted = () => ({
  success: vi.mocked(toast.success).mock.calls.map(([text]) => text),
  error: vi.mocked(toast.error).mock.calls.map(([text]) => text),
});

const ANN = { id: 'u-ann', username: 'ann', email: 'ann@example.com' };
const BO = { id: 'u-bo', username: null, email: 'bo@example.com' };
const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}T10:00:00.000Z`;

/** 12 trades (ann's BTC/USD, newest first by day) and 3 payments. */
const TRADES: ReportTrade[] = Array.from({ length: 12 }, (_, i) => ({
  id: `t-${i + 1}`,
  pair: i === 11 ? 'ETH/USD' : 'BTC/USD',
  amount: 10 + i,
  profitPercent: i === 0 ? null : i - 5.12345,
  User: i === 11 ? BO : ANN,
  createdAt: day(22 - i),
}));
const PAYMENTS: ReportPayment[] = [
  { id: 'p-1', type: 'deposit', amount: 500, status: 'completed', User: ANN, createdAt: day(20) },
  { id: 'p-2', type: 'withdrawal', amount: 30, status: 'pending', User: ANN, createdAt: day(19) },
  { id: 'p-3', type: 'tip', amount: 1.5, status: 'completed', User: BO, createdAt: day(18) },
];

interface Call {
  path: string;
  query: Record<string, string>;
}

type Row = ReportTrade | ReportPayment;
function ordered<T extends Row>(rows: T[], sort: string): T[] {
  const cut = sort.lastIndexOf('_');
  const key = sort.slice(0, cut) as keyof T;
  const sign = sort.slice(cut + 1) === 'asc' ? 1 : -1;
  if (!(key in (rows[0] ?? {}))) return [...rows];
  return [...rows].sort((a, b) => (a[key] === b[key] ? 0 : a[key] > b[key] ? sign : -sign));
}

/**
 * The server at the fetch level: reports filtered, sorted and paged as the API does; the two
 * downloads; `fail` answers 500 to the reports list while it returns true.
 */
function serveReports(
  options: { fail?: () => boolean; trades?: ReportTrade[]; downloadStatus?: number } = {},
) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    const query = Object.fromEntries(parsed.searchParams);
    calls.push({ path: parsed.pathname, query });
    if (parsed.pathname.endsWith('/csv') || parsed.pathname.endsWith('/pdf')) {
      const format = parsed.pathname.endsWith('/csv') ? 'CSV' : 'PDF';
      if (options.downloadStatus) return new Response('{"error":"boom"}', { status: options.downloadStatus });
      return new Response(format === 'CSV' ? 'Recent Trades\r\n' : '%PDF-1.3', {
        status: 200,
        headers: {
          'content-disposition': `attachment; filename="reports-${format}-2026-11-23.${format.toLowerCase()}"`,
        },
      });
    }
    if (options.fail?.()) return new Response('{"error":"Database unavailable"}', { status: 500 });
    const mine = (r: Row) =>
      !query.user ||
      `${r.User.username ?? ''} ${r.User.email}`.toLowerCase().includes(query.user.toLowerCase());
    const trades = (options.trades ?? TRADES).filter(
      (t) => mine(t) && (!query.pair || t.pair.includes(query.pair)),
    );
    const payments = PAYMENTS.filter(mine);
    const size = Number(query.pageSize);
    const from = (Number(query.page) - 1) * size;
    const body = {
      recentTrades: ordered(trades, query.sort!).slice(from, from + size),
      recentPayments: ordered(payments, query.sort!).slice(from, from + size),
      totalTrades: trades.length,
      totalPayments: payments.length,
    };
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return calls;
}

const listCalls = (calls: Call[]) => calls.filter((c) => c.path === '/api/admin/reports');

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ReportsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const table = (name: 'Recent Trades' | 'Recent Payments') => screen.getByRole('table', { name });
const bodyRows = (name: 'Recent Trades' | 'Recent Payments') =>
  within(table(name)).getAllByRole('row').slice(1);
const firstCells = (name: 'Recent Trades' | 'Recent Payments', column: number) =>
  bodyRows(name).map((row) => within(row).getAllByRole('cell')[column]!.textContent);
const header = (name: 'Recent Trades' | 'Recent Payments', label: string) =>
  within(table(name))
    .getAllByRole('columnheader')
    .find((h) => h.textContent?.startsWith(label))!;
const pagesOf = (name: string) => screen.getByRole('navigation', { name: `${name} pages` });

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('the Reports screen', () => {
  it('asks once for 30 days, 10 rows, newest first, and shows both tables with Page X of Y', async () => {
    const calls = serveReports();
    renderPage();
    await screen.findByText('$500.00');
    expect(listCalls(calls).map((c) => c.query)).toEqual([
      { timeRange: '30d', page: '1', pageSize: '10', sort: 'createdAt_desc' },
    ]);
    expect(
      within(table('Recent Trades'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Pair', 'Amount', 'Profit %', 'User', 'Date▼']);
    expect(
      within(table('Recent Payments'))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Type', 'Amount', 'Status', 'User', 'Date▼']);
    expect(header('Recent Trades', 'Date').getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows('Recent Trades')).toHaveLength(10);
    // An open trade has no profit; percentages carry 4 decimals (admin spec 9).
    expect(firstCells('Recent Trades', 2).slice(0, 2)).toEqual(['N/A', '-4.1235%']);
    expect(bodyRows('Recent Payments')[0]!.textContent).toContain(
      'Deposit$500.00Completedannann@example.com',
    );
    expect(pagesOf('Recent Trades').textContent).toContain('Page 1 of 2');
    expect(pagesOf('Recent Payments').textContent).toContain('Page 1 of 1');
    expect(screen.getByLabelText('Time Range')).toHaveProperty('value', '30d');
    expect(
      Array.from(screen.getByLabelText<HTMLSelectElement>('Time Range').options).map((o) => o.text),
    ).toEqual(['7 Days', '30 Days', '90 Days', 'All Time']);
    expect(screen.getByLabelText('Filter by Pair').getAttribute('placeholder')).toBe('e.g. BTC/USD');
  });

  it('sorts a table by a column on the server, ascending then descending, with the arrow', async () => {
    const calls = serveReports();
    renderPage();
    await screen.findByText('$500.00');
    await userEvent.click(within(header('Recent Trades', 'Amount')).getByRole('button'));
    await waitFor(() => expect(firstCells('Recent Trades', 1)[0]).toBe('$10.00'));
    expect(listCalls(calls).at(-1)!.query.sort).toBe('amount_asc');
    expect(header('Recent Trades', 'Amount').textContent).toBe('Amount▲');
    expect(header('Recent Trades', 'Amount').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Recent Trades', 'Date').textContent).toBe('Date');

    await userEvent.click(within(header('Recent Trades', 'Amount')).getByRole('button'));
    await waitFor(() => expect(firstCells('Recent Trades', 1)[0]).toBe('$21.00'));
    expect(listCalls(calls).at(-1)!.query.sort).toBe('amount_desc');
    expect(header('Recent Trades', 'Amount').getAttribute('aria-sort')).toBe('descending');
    // The payments table keeps its own order.
    expect(firstCells('Recent Payments', 0)).toEqual(['Deposit', 'Withdrawal', 'Tip']);
    expect(header('Recent Payments', 'Date').textContent).toBe('Date▼');

    await userEvent.click(within(header('Recent Payments', 'Amount')).getByRole('button'));
    await waitFor(() => expect(firstCells('Recent Payments', 1)).toEqual(['$1.50', '$30.00', '$500.00']));
    expect(firstCells('Recent Trades', 1)[0]).toBe('$21.00');
  });

  it('pages each table on its own, keeping the rows on screen until the next page comes', async () => {
    const calls = serveReports();
    renderPage();
    await screen.findByText('$500.00');
    await userEvent.click(within(pagesOf('Recent Trades')).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pagesOf('Recent Trades').textContent).toContain('Page 2 of 2'));
    await waitFor(() => expect(bodyRows('Recent Trades')).toHaveLength(2));
    expect(listCalls(calls).at(-1)!.query.page).toBe('2');
    expect(pagesOf('Recent Payments').textContent).toContain('Page 1 of 1');
    expect(bodyRows('Recent Payments')).toHaveLength(3);

    await userEvent.selectOptions(screen.getByLabelText('Page Size'), '25');
    await waitFor(() => expect(bodyRows('Recent Trades')).toHaveLength(12));
    expect(listCalls(calls).at(-1)!.query).toMatchObject({ page: '1', pageSize: '25' });
    expect(pagesOf('Recent Trades').textContent).toContain('Page 1 of 1');
  });

  it('sends the user and pair filters 300 ms after the last keystroke, from page 1', async () => {
    const calls = serveReports();
    renderPage();
    await screen.findByText('$500.00');
    await userEvent.selectOptions(screen.getByLabelText('Time Range'), 'all');
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.timeRange).toBe('all'));

    // The clock is ours from here: the test measures the debounce, not the machine's speed.
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Filter by User'), { target: { value: 'b' } });
    act(() => {
      vi.advanceTimersByTime(250);
    });
    fireEvent.change(screen.getByLabelText('Filter by User'), { target: { value: 'bo@' } });
    fireEvent.change(screen.getByLabelText('Filter by Pair'), { target: { value: 'eth/usd' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(listCalls(calls).some((c) => c.query.user !== undefined)).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.pair).toBe('ETH/USD'));
    expect(listCalls(calls).at(-1)!.query).toEqual({
      timeRange: 'all',
      user: 'bo@',
      pair: 'ETH/USD',
      page: '1',
      pageSize: '10',
      sort: 'createdAt_desc',
    });
    expect(listCalls(calls).some((c) => c.query.user === 'b')).toBe(false);
    await waitFor(() => expect(firstCells('Recent Trades', 0)).toEqual(['ETH/USD']));
    expect(firstCells('Recent Payments', 0)).toEqual(['Tip']);
  });

  it('opens a row in a Details dialog with the raw record', async () => {
    serveReports();
    renderPage();
    await screen.findByText('$500.00');
    await userEvent.click(screen.getByRole('row', { name: 'Withdrawal of $30.00 by ann: details' }));
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    expect(JSON.parse(within(dialog).getByText(/"id": "p-2"/).textContent)).toEqual(PAYMENTS[1]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    screen.getByRole('row', { name: 'BTC/USD trade of $10.00 by ann: details' }).focus();
    await userEvent.keyboard('{Enter}');
    const trade = within(screen.getByRole('dialog', { name: 'Details' })).getByText(/"id": "t-1"/);
    expect(JSON.parse(trade.textContent)).toEqual(TRADES[0]);
  });

  it("says 'No {title} available' for empty tables", async () => {
    serveReports({ trades: [] });
    renderPage();
    await screen.findByText('No Recent Trades available');
    await userEvent.type(screen.getByLabelText('Filter by User'), 'nobody');
    await screen.findByText('No Recent Payments available');
  });

  it("retries once, then shows 'Error loading reports' with a Retry that loads again", async () => {
    let failing = true;
    const calls = serveReports({ fail: () => failing });
    renderPage();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2), { timeout: 4000 });
    // Both tables share the one failing request, tried twice.
    expect(listCalls(calls)).toHaveLength(2);
    const [alert] = screen.getAllByRole('alert');
    expect(alert!.textContent).toContain('Error loading reports');
    expect(alert!.textContent).toContain('Database unavailable');
    failing = false;
    await userEvent.click(within(alert!).getByRole('button', { name: 'Retry' }));
    await screen.findByText('$500.00');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('downloads the CSV and the PDF of the current filters and sort', async () => {
    const calls = serveReports();
    renderPage();
    await screen.findByText('$500.00');
    await userEvent.type(screen.getByLabelText('Filter by User'), 'ann');
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.user).toBe('ann'));
    await userEvent.click(within(header('Recent Payments', 'Status')).getByRole('button'));
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(toasted().success).toEqual(['Report downloaded as CSV']));
    const csvCall = calls.find((c) => c.path === '/api/admin/reports/csv')!;
    expect(csvCall.query).toEqual({ timeRange: '30d', user: 'ann', sort: 'status_asc' });
    const [fileName, blob] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(fileName).toBe('reports-CSV-2026-11-23.csv');
    expect(await blob.text()).toBe('Recent Trades\r\n');

    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(toasted().success).toContain('Report downloaded as PDF'));
    expect(vi.mocked(saveBlob).mock.calls[1]![0]).toBe('reports-PDF-2026-11-23.pdf');
  });

  it("toasts 'Failed to download report' when the server refuses", async () => {
    serveReports({ downloadStatus: 500 });
    renderPage();
    await screen.findByText('$500.00');
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(toasted().error).toEqual(['Failed to download report']));
    expect(saveBlob).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toHaveProperty('disabled', false);
  });
});
