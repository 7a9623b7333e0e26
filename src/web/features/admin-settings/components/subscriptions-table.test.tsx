// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminSubscription } from '../../../../contract/billing';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { formatDateTime } from '../../../lib/format';
import { serveApi } from '../../../testing/fake-api';
import { screen, within } from '../../../testing/dom';
import { renderWithQuery } from '../../../testing/render-with-query';
import { SubscriptionsTable } from './subscriptions-table';

beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'admin-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const row: AdminSubscription = {
  userId: 'u1',
  name: 'kim',
  email: 'kim@example.com',
  plan: 'pro',
  provider: 'stripe',
  status: 'active',
  currentPeriodEnd: '2026-12-28T10:00:00.000Z',
  cancelAtPeriodEnd: true,
  updatedAt: '2026-11-28T10:00:00.000Z',
};

describe('subscriptions on Platform Settings', () => {
  it('lists every subscription with its plan, status and paid period', async () => {
    serveApi((call) =>
      call.path === '/api/admin/subscriptions' ? { status: 200, body: { subscriptions: [row] } } : undefined,
    );
    renderWithQuery(<SubscriptionsTable />);
    const table = await screen.findByRole('table', { name: 'Subscriptions' });
    await within(table).findByText('kim (kim@example.com)');
    const cells = within(table).getAllByRole('row')[1]!.querySelectorAll('td');
    expect([...cells].map((c) => c.textContent)).toEqual([
      'kim (kim@example.com)',
      'Pro',
      'active',
      `${formatDateTime(row.currentPeriodEnd)} (cancelled)`,
      'Stripe',
      formatDateTime(row.updatedAt),
    ]);
  });

  it('says so when nobody has subscribed', async () => {
    serveApi(() => ({ status: 200, body: { subscriptions: [] } }));
    renderWithQuery(<SubscriptionsTable />);
    await screen.findByText('No trader has subscribed yet: everyone is on Free');
  });
});
