// @vitest-environment happy-dom
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_STORAGE_KEY } from '../../../lib/auth-token';
import { screen, userEvent, waitFor } from '../../../testing/dom';
import { serveApi } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { EmailNotificationsCard } from './email-notifications-card';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
beforeEach(() => localStorage.setItem(AUTH_TOKEN_STORAGE_KEY, 'trader-token'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

const PATH = '/api/notifications/email-settings';

describe('Email notifications on Settings', () => {
  it('shows the three choices and saves a toggle at once, all three sent', async () => {
    let stored = { tradeClosed: true, withdrawals: false, digest: true };
    const calls = serveApi((call) => {
      if (call.path !== PATH) return undefined;
      if (call.method === 'PUT') stored = call.body as typeof stored;
      return { status: 200, body: stored };
    });
    renderWithQuery(<EmailNotificationsCard />);
    const digest = await screen.findByRole('checkbox', { name: /Daily digest/ });
    expect(screen.getByRole('checkbox', { name: /Trade closed/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /Withdrawals/ })).toHaveProperty('checked', false);
    expect(digest).toHaveProperty('checked', true);

    await userEvent.setup().click(digest);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /Daily digest/ })).toHaveProperty('checked', false),
    );
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { tradeClosed: true, withdrawals: false, digest: false },
    ]);
  });

  it("shows the server's refusal and the stored choices again", async () => {
    serveApi((call) =>
      call.method === 'PUT'
        ? { status: 400, body: { error: 'Nope' } }
        : { status: 200, body: { tradeClosed: true, withdrawals: true, digest: true } },
    );
    renderWithQuery(<EmailNotificationsCard />);
    await userEvent.setup().click(await screen.findByRole('checkbox', { name: /Trade closed/ }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Nope'));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /Trade closed/ })).toHaveProperty('checked', true),
    );
  });
});
