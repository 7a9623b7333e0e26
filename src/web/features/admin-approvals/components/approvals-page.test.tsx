// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Approval } from '../../../../contract/admin-approvals';
import { SECOND_FACTOR_REQUIRED } from '../../../../contract/account';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { SecondFactorProvider } from '../../../lib/auth/second-factor-provider';
import { saveTextFile } from '../../../lib/download';
import { act, fireEvent, render, screen, userEvent, waitFor, within } from '../../../testing/dom';
import { queryOf, serveApi, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { ApprovalsPage } from './approvals-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/download', () => ({ saveTextFile: vi.fn() }));
const toasted = () => ({
  success: vi.mocked(toast.success).mock.calls.map(([text]) => text),
  error: vi.mocked(toast.error).mock.calls.map(([text]) => text),
});

const approval = (id: string, amount: number, username: string): Approval => ({
  id,
  type: 'withdrawal',
  amount,
  status: 'pending',
  createdAt: '2026-11-21T10:00:00.000Z',
  User: { username, email: `${username}@example.com` },
});
const ANN = approval('p1', 20, 'ann');
const BO = approval('p2', 1234.5, 'bo');

const isList = (call: FakeCall) => call.method === 'GET' && call.url.startsWith('/api/admin/approvals');
const posts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'POST').map((c) => c.url);

/** A server holding `pending`; approvals and rejections remove a row, `fail` ids answer 409. */
function serveApprovals(pending: Approval[], fail: string[] = []) {
  return serveApi(approvalsServer(pending, fail));
}

function approvalsServer(pending: Approval[], fail: string[] = []) {
  let rows = [...pending];
  return (call: FakeCall): FakeAnswer => {
    if (isList(call)) return { status: 200, body: { approvals: rows, total: rows.length } };
    const id = /\/(approve|reject)-withdrawal\/(\w+)$/.exec(call.url)?.[2];
    const row = rows.find((r) => r.id === id);
    if (!row || fail.includes(row.id)) return { status: 409, body: { error: 'Payment is not pending' } };
    rows = rows.filter((r) => r !== row);
    return { status: 200, body: { payment: { ...row, status: 'completed' } } };
  };
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SecondFactorProvider>
        <MemoryRouter>
          <ApprovalsPage />
        </MemoryRouter>
      </SecondFactorProvider>
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Pending approvals' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);
const confirmDialog = () => screen.getByRole('dialog', { name: 'Confirmation' });

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('the Pending Approvals screen', () => {
  it('lists the pending withdrawals with their total, page 1 of 10 by default', async () => {
    const calls = serveApprovals([ANN, BO]);
    renderPage();
    await screen.findByText('bo@example.com');
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Select', 'User', 'Email', 'Amount', 'Date', 'Status', 'Approve', 'Reject']);
    expect(bodyRows()[1]!.textContent).toContain('$1,234.50');
    expect(screen.getByText('Total Pending: 2')).toBeTruthy();
    expect(queryOf(calls[0]!)).toEqual({ page: '1', pageSize: '10' });
  });

  it("says 'No pending approvals' when there are none", async () => {
    serveApprovals([]);
    renderPage();
    await screen.findByText('No pending approvals');
    expect(screen.getByText('Total Pending: 0')).toBeTruthy();
  });

  it('sends the filters 300 ms after the last change, from page 1, with the chosen page size', async () => {
    const calls = serveApprovals([ANN]);
    renderPage();
    await screen.findByText('ann@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Page Size'), '25');
    await waitFor(() => expect(queryOf(calls.at(-1)!).pageSize).toBe('25'));

    // The clock is ours from here: the test measures the debounce, not the machine's speed.
    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'a' } });
    act(() => {
      vi.advanceTimersByTime(250);
    });
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'ann' } });
    fireEvent.change(screen.getByLabelText('Amount ($)'), { target: { value: '20' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(calls.filter(isList).some((c) => queryOf(c).user !== undefined)).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    vi.useRealTimers();
    await waitFor(() => expect(queryOf(calls.at(-1)!).amount).toBe('20'));
    expect(queryOf(calls.at(-1)!)).toEqual({ page: '1', pageSize: '25', user: 'ann', amount: '20' });
    // The first keystroke was never sent on its own.
    expect(calls.filter(isList).some((c) => queryOf(c).user === 'a')).toBe(false);
  });

  it('approves one withdrawal only on Confirm, then refetches the list', async () => {
    const calls = serveApprovals([ANN, BO]);
    renderPage();
    await screen.findByText('ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Approve $20.00 for ann' }));
    expect(confirmDialog().textContent).toContain('Approve payment of $20.00?');
    await userEvent.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' }));
    expect(posts(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Approve $20.00 for ann' }));
    await userEvent.click(within(confirmDialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasted().success).toEqual(['Withdrawal approved']));
    expect(posts(calls)).toEqual(['/api/admin/approve-withdrawal/p1']);
    await waitFor(() => expect(screen.queryByText('ann@example.com')).toBeNull());
    expect(screen.getByText('Total Pending: 1')).toBeTruthy();
  });

  it('asks for a code from the app when the server wants a fresh second factor, then approves', async () => {
    let proved = false;
    const approvals = approvalsServer([ANN]);
    const calls = serveApi((call) => {
      if (call.url === '/api/auth/two-factor/verify-totp') {
        proved = call.body !== null && (call.body as { code: string }).code === '123456';
        return proved
          ? { status: 200, body: { token: 't' } }
          : { status: 401, body: { error: 'Invalid code' } };
      }
      if (call.method === 'POST' && !proved) return { status: 403, body: { error: SECOND_FACTOR_REQUIRED } };
      return approvals(call);
    });
    renderPage();
    await screen.findByText('ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Approve $20.00 for ann' }));
    await userEvent.click(within(confirmDialog()).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await userEvent.type(within(dialog).getByLabelText('Authentication code'), '654321');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Invalid code')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Authentication code'));
    await userEvent.type(within(dialog).getByLabelText('Authentication code'), '123 456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasted().success).toEqual(['Withdrawal approved']));
    expect(posts(calls)).toEqual([
      '/api/admin/approve-withdrawal/p1',
      '/api/auth/two-factor/verify-totp',
      '/api/auth/two-factor/verify-totp',
      '/api/admin/approve-withdrawal/p1',
    ]);
    expect(toasted().error).toEqual([]);
  });

  it("toasts the server's reason when an approval fails", async () => {
    serveApprovals([ANN], ['p1']);
    renderPage();
    await screen.findByText('ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Approve $20.00 for ann' }));
    await userEvent.click(within(confirmDialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasted().error).toEqual(['Payment is not pending']));
  });

  it('approves the selected ones with one call each', async () => {
    const calls = serveApprovals([ANN, BO]);
    renderPage();
    await screen.findByText('ann@example.com');
    expect(screen.getByRole('button', { name: 'Approve Selected (0)' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByLabelText('Select all on this page'));
    await userEvent.click(screen.getByRole('button', { name: 'Approve Selected (2)' }));
    expect(confirmDialog().textContent).toContain('Approve 2 selected payments?');
    await userEvent.click(within(confirmDialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasted().success).toEqual(['Selected withdrawals approved']));
    expect(posts(calls).sort()).toEqual([
      '/api/admin/approve-withdrawal/p1',
      '/api/admin/approve-withdrawal/p2',
    ]);
    await screen.findByText('No pending approvals');
  });

  it('says so when any of the selected fails, and still refetches', async () => {
    const calls = serveApprovals([ANN, BO], ['p2']);
    renderPage();
    await screen.findByText('ann@example.com');
    await userEvent.click(screen.getByLabelText('Select $20.00 for ann'));
    await userEvent.click(screen.getByLabelText('Select $1,234.50 for bo'));
    await userEvent.click(screen.getByRole('button', { name: 'Approve Selected (2)' }));
    await userEvent.click(within(confirmDialog()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(toasted().error).toEqual(['Failed to approve selected withdrawals']));
    expect(posts(calls)).toHaveLength(2);
    await waitFor(() => expect(screen.queryByText('ann@example.com')).toBeNull());
    expect(screen.getByText('bo@example.com')).toBeTruthy();
  });

  it('rejects only with a reason, and sends it', async () => {
    const calls = serveApprovals([ANN]);
    renderPage();
    await screen.findByText('ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Reject $20.00 for ann' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject Withdrawal' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Reason is required')).toBeTruthy();
    expect(posts(calls)).toEqual([]);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Account under review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasted().success).toEqual(['Withdrawal rejected']));
    const reject = calls.find((c) => c.method === 'POST');
    expect(reject).toMatchObject({
      url: '/api/admin/reject-withdrawal/p1',
      body: { reason: 'Account under review' },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('exports the listed approvals with the spec columns', async () => {
    serveApprovals([ANN]);
    renderPage();
    await screen.findByText('ann@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Export Approvals' }));
    const [fileName, text] = vi.mocked(saveTextFile).mock.calls[0]!;
    expect(fileName).toMatch(/^approvals-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(text.split('\r\n').slice(0, 2)).toEqual([
      'id,username,email,amount,createdAt,status',
      'p1,ann,ann@example.com,20,2026-11-21T10:00:00.000Z,pending',
    ]);
    expect(toasted().success).toEqual(['Approvals exported as CSV']);
  });

  it("shows 'Error loading approvals' with Retry when the list cannot load", async () => {
    serveApi(() => ({ status: 500 }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading approvals');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    await waitFor(() => expect(toasted().error).toEqual(['Failed to fetch approvals']));
  });
});
