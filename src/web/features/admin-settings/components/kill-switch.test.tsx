// @vitest-environment happy-dom
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminTradingHalt } from '../../../../contract/trading-halt';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { fireEvent, screen, userEvent, waitFor, within } from '../../../testing/dom';
import { serveApi, type FakeCall } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { KillSwitch, RESUME_QUESTION, haltQuestion } from './kill-switch';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const RUNNING: AdminTradingHalt = { halted: false, reason: null, haltedAt: null, haltedBy: null };
const ADMIN = { id: 'u1', name: 'olga', email: 'olga@example.com' };

/** The server's kill switch in memory: a halt keeps its start, a resume with none is a 409. */
function serveKillSwitch(start: AdminTradingHalt = RUNNING): FakeCall[] {
  let state = start;
  return serveApi((call) => {
    if (call.path === '/api/admin/trading/halt' && call.method === 'GET') return { status: 200, body: state };
    if (call.path === '/api/admin/trading/halt') {
      const { reason } = call.body as { reason: string };
      state = {
        halted: true,
        reason,
        haltedAt: state.haltedAt ?? '2026-11-21T10:00:00.000Z',
        haltedBy: ADMIN,
      };
      return { status: 200, body: state };
    }
    if (call.path === '/api/admin/trading/resume') {
      if (!state.halted) return { status: 409, body: { error: 'Trading is not halted' } };
      state = RUNNING;
      return { status: 200, body: state };
    }
    return undefined;
  });
}

const writes = (calls: FakeCall[]) => calls.filter((c) => c.method !== 'GET');
const confirmation = () => screen.getByRole('dialog', { name: 'Confirmation' });

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'token-1'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

describe('the kill switch on Platform Settings', () => {
  it('refuses a blank or over-long reason on the spot and sends nothing', async () => {
    const calls = serveKillSwitch();
    renderWithQuery(<KillSwitch />);
    const form = await screen.findByRole('form', { name: 'Halt Trading' });
    expect(screen.getByRole('status').textContent).toBe('Trading is running: traders can accept offers.');
    await userEvent.type(within(form).getByLabelText('Reason shown to traders'), '   ');
    await userEvent.click(within(form).getByRole('button', { name: 'Halt Trading' }));
    expect(within(form).getByRole('alert').textContent).toBe('A reason is required');
    fireEvent.change(within(form).getByLabelText('Reason shown to traders'), {
      target: { value: 'x'.repeat(501) },
    });
    await userEvent.click(within(form).getByRole('button', { name: 'Halt Trading' }));
    expect(within(form).getByRole('alert').textContent).toBe('At most 500 characters');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(writes(calls)).toEqual([]);
  });

  it('halts only on Confirm, with the trimmed reason, then shows who, when and why', async () => {
    const calls = serveKillSwitch();
    renderWithQuery(<KillSwitch />);
    const form = await screen.findByRole('form', { name: 'Halt Trading' });
    await userEvent.type(within(form).getByLabelText('Reason shown to traders'), '  Exchange down  ');
    await userEvent.click(within(form).getByRole('button', { name: 'Halt Trading' }));
    expect(confirmation().textContent).toContain(haltQuestion('Exchange down', false));
    await userEvent.click(within(confirmation()).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);

    await userEvent.click(within(form).getByRole('button', { name: 'Halt Trading' }));
    await userEvent.click(within(confirmation()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(vi.mocked(toast.success)).toHaveBeenCalledWith('Trading halted'));
    expect(writes(calls).map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/trading/halt', { reason: 'Exchange down' }],
    ]);
    const shown = await screen.findByText('Trading is halted: no new accepts, paper or live.');
    const terms = within(shown.parentElement!);
    expect(terms.getByText('Exchange down')).toBeTruthy();
    expect(terms.getByText('olga (olga@example.com)')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Update Reason' })).toBeTruthy();
  });

  it('resumes only on Confirm, and a refused resume shows the server words', async () => {
    const calls = serveKillSwitch({
      halted: true,
      reason: 'Exchange down',
      haltedAt: '2026-11-21T10:00:00.000Z',
      haltedBy: null,
    });
    renderWithQuery(<KillSwitch />);
    await screen.findByText('An account since deleted');
    await userEvent.click(screen.getByRole('button', { name: 'Resume Trading' }));
    expect(confirmation().textContent).toContain(RESUME_QUESTION);
    await userEvent.click(within(confirmation()).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(vi.mocked(toast.success)).toHaveBeenCalledWith('Trading resumed'));
    await screen.findByText('Trading is running: traders can accept offers.');
    expect(writes(calls).map((c) => c.path)).toEqual(['/api/admin/trading/resume']);
  });
});
