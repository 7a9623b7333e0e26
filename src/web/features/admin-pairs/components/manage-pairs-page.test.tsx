// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { list, pair } from '../../../testing/admin-back-office';
import {
  serveApi as serve,
  type FakeAnswer as Answer,
  type FakeCall as Call,
} from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { saveTextFile } from '../../../lib/download';
import { fireEvent, screen, waitFor, within } from '../../../testing/dom';
import { PAIRS_CSV_HEADER } from '../lib/pairs-csv';
import { ManagePairsPage } from './manage-pairs-page';

vi.mock('react-toastify', () => ({
  toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), isActive: vi.fn(() => false), update: vi.fn() },
}));
vi.mock('../../../lib/download', () => ({ saveTextFile: vi.fn() }));
vi.mock('../../../lib/use-socket', () => ({ useSocket: () => ({}), useSocketEvent: () => undefined }));

const toasted = (kind: 'success' | 'error') => vi.mocked(toast[kind]).mock.calls.map(([text]) => text);
const lists = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/admin/all-crypto-pairs');
const posts = (calls: Call[]) => calls.filter((c) => c.method === 'POST');
const dialog = (name: string) => screen.getByRole('dialog', { name });
const confirm = (question: string) => {
  const box = dialog('Confirmation');
  expect(within(box).getByText(question)).toBeTruthy();
  fireEvent.click(within(box).getByRole('button', { name: 'Confirm' }));
};
const button = (name: string | RegExp) => screen.getByRole<HTMLButtonElement>('button', { name });

const THREE = [pair('BTC/USD', true), pair('ETH/USD', false), pair('SOL/USD', true)];

/** The pairs list (`pairs`, total `total`) and the pair mutations; `other` answers first. */
function servePairs(
  pairs: unknown[] = THREE,
  { total = pairs.length, other }: { total?: number; other?: (call: Call) => Answer | undefined } = {},
) {
  return serve((call) => {
    const answer = other?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === '/api/admin/all-crypto-pairs') return list(pairs, total);
    if (call.path === '/api/admin/manage-pairs') return { status: 200, body: { pair: null } };
    if (call.path === '/api/admin/sync-kraken-pairs')
      return {
        status: 200,
        body: { data: { added: ['A/USD', 'B/USD'], updated: [], deactivated: ['C/USD'] } },
      };
    return undefined;
  });
}

const renderPage = async () => {
  renderWithQuery(
    <MemoryRouter>
      <ManagePairsPage />
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { name: 'Manage Crypto Pairs', level: 1 });
};

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('Manage Crypto Pairs', () => {
  it("lists every pair by symbol ascending, 10 a page, with 'Total Pairs: N' and a link to Offer Analytics", async () => {
    const calls = servePairs(THREE, { total: 23 });
    await renderPage();
    await screen.findByRole('cell', { name: 'ETH/USD' });
    expect(screen.getByText('Total Pairs: 23')).toBeTruthy();
    expect(lists(calls)[0]!.query).toEqual({
      timeRange: 'all',
      page: '1',
      pageSize: '10',
      sort: 'symbol_asc',
    });
    const sizes = within(screen.getByLabelText('Page Size')).getAllByRole('option');
    expect(sizes.map((o) => o.textContent)).toEqual(['10', '25', '50', '100']);
    expect(screen.getByText(/^Page 1 of 3/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Offer Analytics' }).getAttribute('href')).toBe(
      '/admin/offer-analytics',
    );
    fireEvent.change(screen.getByLabelText('Page Size'), { target: { value: '25' } });
    await waitFor(() => expect(lists(calls).at(-1)!.query.pageSize).toBe('25'));
  });

  it('sorts by symbol, Kraken symbol and active: a second click reverses', async () => {
    const calls = servePairs();
    await renderPage();
    await screen.findByRole('cell', { name: 'ETH/USD' });
    const sortedBy = () => lists(calls).at(-1)!.query.sort;
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Symbol').getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header('Kraken Symbol')).getByRole('button'));
    await waitFor(() => expect(sortedBy()).toBe('krakenSymbol_asc'));
    fireEvent.click(within(header('Kraken Symbol')).getByRole('button'));
    await waitFor(() => expect(sortedBy()).toBe('krakenSymbol_desc'));
    expect(header('Kraken Symbol').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header('Active')).getByRole('button'));
    await waitFor(() => expect(sortedBy()).toBe('active_asc'));
    fireEvent.click(within(header('Symbol')).getByRole('button'));
    await waitFor(() => expect(sortedBy()).toBe('symbol_asc'));
    expect(screen.getAllByRole('columnheader').filter((h) => h.querySelector('button'))).toHaveLength(3);
  });

  it('searches 300 ms after the last key, from page 1', async () => {
    const calls = servePairs();
    await renderPage();
    await screen.findByRole('cell', { name: 'ETH/USD' });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ET' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ETH' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(lists(calls).map((c) => c.query.search)).toEqual([undefined]);
    await waitFor(() => expect(lists(calls).map((c) => c.query.search)).toEqual([undefined, 'ETH']));
    expect(lists(calls).at(-1)!.query.page).toBe('1');
  });

  it("switches trading with the row toggle: tooltip, one update call, 'Pair {symbol} updated'", async () => {
    const calls = servePairs();
    await renderPage();
    const eth = await screen.findByRole('switch', { name: 'Active ETH/USD' });
    expect(eth.getAttribute('title')).toBe('Enable trading');
    expect(eth.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Active BTC/USD' }).getAttribute('title')).toBe(
      'Disable trading',
    );
    fireEvent.click(eth);
    await waitFor(() => expect(toasted('success')).toEqual(['Pair ETH/USD updated']));
    expect(posts(calls).map((c) => c.body)).toEqual([{ action: 'update', symbol: 'ETH/USD', active: true }]);
    await waitFor(() => expect(lists(calls).length).toBe(2));
  });

  it("toasts the server's error for a failed toggle, else 'Failed to update pair {symbol}'", async () => {
    let answer: Answer = { status: 409, body: { error: 'Pair ETH/USD has open trades' } };
    servePairs(THREE, { other: (call) => (call.method === 'POST' ? answer : undefined) });
    await renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'Active ETH/USD' }));
    await waitFor(() => expect(toasted('error')).toEqual(['Pair ETH/USD has open trades']));
    answer = { status: 500 };
    fireEvent.click(screen.getByRole('switch', { name: 'Active SOL/USD' }));
    await waitFor(() => expect(toasted('error').at(-1)).toBe('Failed to update pair SOL/USD'));
  });

  it('deletes a row after "Delete pair {symbol}?"', async () => {
    const calls = servePairs();
    await renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete SOL/USD' }));
    confirm('Delete pair SOL/USD?');
    await waitFor(() => expect(toasted('success')).toEqual(['Pair action completed']));
    expect(posts(calls).map((c) => c.body)).toEqual([{ action: 'delete', symbol: 'SOL/USD' }]);
  });

  it('bulk-deactivates the selected pairs behind the confirmation, one call each, then clears the selection', async () => {
    const calls = servePairs();
    await renderPage();
    await screen.findByRole('cell', { name: 'ETH/USD' });
    expect(button('Deactivate Selected (0)').disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('Select BTC/USD'));
    fireEvent.click(screen.getByLabelText('Select SOL/USD'));
    expect(button('Activate Selected (2)').disabled).toBe(false);
    expect(button('Delete Selected (2)')).toBeTruthy();
    fireEvent.click(button('Deactivate Selected (2)'));
    confirm('Deactivate 2 selected pairs?');
    await waitFor(() => expect(toasted('success')).toEqual(['Selected pairs deactivated']));
    expect(posts(calls).map((c) => c.body)).toEqual([
      { action: 'update', symbol: 'BTC/USD', active: false },
      { action: 'update', symbol: 'SOL/USD', active: false },
    ]);
    await waitFor(() => expect(button('Deactivate Selected (0)')).toBeTruthy());
  });

  it("says 'Failed to activate some pairs' when one call of a bulk action fails, and reloads the list", async () => {
    const calls = servePairs(THREE, {
      other: (call) =>
        call.method === 'POST' && (call.body as { symbol: string }).symbol === 'ETH/USD'
          ? { status: 404, body: { error: 'Unknown pair ETH/USD' } }
          : undefined,
    });
    await renderPage();
    await screen.findByRole('cell', { name: 'ETH/USD' });
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    fireEvent.click(button('Activate Selected (3)'));
    confirm('Activate 3 selected pairs?');
    await waitFor(() => expect(toasted('error')).toEqual(['Failed to activate some pairs']));
    expect(posts(calls)).toHaveLength(3);
    await waitFor(() => expect(lists(calls).length).toBe(2));
  });

  it("syncs with Kraken: the server's counts, or its error, in the toast", async () => {
    let fail = false;
    const calls = servePairs(THREE, {
      other: (call) =>
        fail && call.path === '/api/admin/sync-kraken-pairs'
          ? { status: 502, body: { error: 'Failed to sync Kraken pairs: EService:Unavailable' } }
          : undefined,
    });
    await renderPage();
    await screen.findByRole('cell', { name: 'ETH/USD' });
    fireEvent.click(button('Sync with Kraken'));
    await waitFor(() =>
      expect(toasted('success')).toEqual(['Kraken pairs synced: 2 added, 0 updated, 1 deactivated']),
    );
    expect(posts(calls).map((c) => [c.path, c.body])).toEqual([['/api/admin/sync-kraken-pairs', undefined]]);
    fail = true;
    await waitFor(() => expect(button('Sync with Kraken').disabled).toBe(false));
    fireEvent.click(button('Sync with Kraken'));
    await waitFor(() =>
      expect(toasted('error')).toEqual(['Failed to sync Kraken pairs: EService:Unavailable']),
    );
  });

  it("exports the listed pairs with the spec's CSV columns", async () => {
    servePairs();
    await renderPage();
    await screen.findByRole('cell', { name: 'ETH/USD' });
    fireEvent.click(button('Export Pairs'));
    expect(toasted('success')).toEqual(['Pairs exported successfully']);
    const [name, text] = vi.mocked(saveTextFile).mock.calls[0]!;
    expect(name).toMatch(/^crypto-pairs-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe(PAIRS_CSV_HEADER.join(','));
    expect(lines[0]).toBe(
      'symbol,krakenSymbol,active,deactivation_attempts,analysis_count,createdAt,updatedAt',
    );
    expect(lines[2]).toBe('ETH/USD,ETHUSD,false,0,3,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.000Z');
    expect(lines).toHaveLength(4);
  });

  it("adds a pair through 'Add New Crypto Pair' after refusing a bad symbol", async () => {
    const calls = servePairs();
    await renderPage();
    fireEvent.click(button('Add Pair'));
    const form = dialog('Add New Crypto Pair');
    fireEvent.change(within(form).getByLabelText('Symbol'), { target: { value: 'dot-usd' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Pair' }));
    expect(within(form).getByText('Invalid symbol format (e.g., BTC/USD)')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
    fireEvent.change(within(form).getByLabelText('Symbol'), { target: { value: 'DOT/USD' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add Pair' }));
    await waitFor(() => expect(toasted('success')).toEqual(['Pair added successfully']));
    expect(posts(calls)[0]!.body).toEqual({
      action: 'add',
      symbol: 'DOT/USD',
      active: false,
      dynamic_config: {},
    });
    expect(screen.queryByRole('dialog', { name: 'Add New Crypto Pair' })).toBeNull();
  });

  it('steps back to the last page when a delete empties the one on screen', async () => {
    let deleted = false;
    const calls = servePairs(THREE, {
      other: (call) => {
        if (call.method === 'POST') deleted = true;
        if (call.method !== 'GET') return undefined;
        if (call.query.page === '2') return deleted ? list([], 10) : list([pair('ZEC/USD', true)], 11);
        return list(THREE, deleted ? 10 : 11);
      },
    });
    await renderPage();
    await screen.findByRole('cell', { name: 'ETH/USD' });
    fireEvent.click(button('Next'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete ZEC/USD' }));
    confirm('Delete pair ZEC/USD?');
    await screen.findByRole('cell', { name: 'ETH/USD' });
    expect(lists(calls).map((c) => c.query.page)).toEqual(['1', '2', '2', '1']);
    expect(screen.getByText('Total Pairs: 10')).toBeTruthy();
  });

  it("says 'No crypto pairs available' for an empty list", async () => {
    servePairs([]);
    await renderPage();
    await screen.findByText('No crypto pairs available');
    expect(screen.getByText('Total Pairs: 0')).toBeTruthy();
    expect(button('Export Pairs').disabled).toBe(true);
  });

  it("shows 'Error loading crypto pairs' with Retry and toasts 'Failed to fetch crypto pairs'", async () => {
    servePairs(THREE, { other: (call) => (call.method === 'GET' ? { status: 500 } : undefined) });
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading crypto pairs')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    await waitFor(() => expect(toasted('error')).toEqual(['Failed to fetch crypto pairs']));
  });
});
