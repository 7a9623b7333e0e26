// @vitest-environment happy-dom
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlanView } from '../../../../contract/billing';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { serveApi } from '../../../testing/fake-api';
import { fireEvent, screen, waitFor, within } from '../../../testing/dom';
import { renderWithQuery } from '../../../testing/render-with-query';
import { CANCEL_QUESTION, PlanCard } from './plan-card';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'trader-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const free: PlanView = {
  plan: 'free',
  status: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  usage: { accepted: 3, limit: 5, resetsAt: '2026-12-01T00:00:00.000Z' },
  provider: 'simulated',
  portal: false,
};
const pro: PlanView = {
  ...free,
  plan: 'pro',
  status: 'active',
  currentPeriodEnd: '2026-12-28T10:00:00.000Z',
  usage: null,
  provider: 'stripe',
  portal: true,
};

describe('the plan on Settings', () => {
  it("shows a Free trader this month's accepts and sends them to Checkout", async () => {
    const calls = serveApi((call) => {
      if (call.path === '/api/billing/plan') return { status: 200, body: free };
      if (call.path === '/api/billing/checkout')
        return { status: 200, body: { url: '/settings?plan=upgraded#plan' } };
      return undefined;
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithQuery(<PlanCard />);
    expect((await screen.findByTestId('plan-usage')).textContent).toBe(
      '3 of 5 accepted offers used this month; the count resets on December 1, 2026.',
    );
    expect(screen.getByText('Simulated card provider: no real card is charged.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro — $49/month' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/settings?plan=upgraded#plan'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/billing/checkout']);
  });

  it('shows Pro with its renewal, asks before cancelling, and offers the billing portal', async () => {
    const calls = serveApi((call) => {
      if (call.path === '/api/billing/plan') return { status: 200, body: pro };
      if (call.path === '/api/billing/cancel')
        return { status: 200, body: { ...pro, cancelAtPeriodEnd: true } };
      return undefined;
    });
    renderWithQuery(<PlanCard />);
    expect((await screen.findByTestId('plan-period')).textContent).toMatch(/^Renews on December 28, 2026/);
    expect(screen.getByRole('button', { name: 'Manage Billing' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Pro' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirmation' });
    expect(within(dialog).getByText(CANCEL_QUESTION)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByTestId('plan-period').textContent).toMatch(
        /^Cancelled: Pro ends on December 28, 2026/,
      ),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/billing/cancel']);
    expect(vi.mocked(toast.success)).toHaveBeenCalledWith('Pro ends at the end of the paid period');
  });
});
