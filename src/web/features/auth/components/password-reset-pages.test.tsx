// @vitest-environment happy-dom
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serveApi, type FakeAnswer } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { screen, userEvent, waitFor } from '../../../testing/dom';
import { ForgotPasswordPage, RESET_LINK_SENT } from './forgot-password-page';
import { PASSWORD_CHANGED, RESET_LINK_DEAD, ResetPasswordPage } from './reset-password-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const toasted = (kind: 'success' | 'error') => vi.mocked(toast[kind]).mock.calls.map(([text]) => text);

function renderAt(path: string) {
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/auth" element={<h1>Sign in page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('password reset pages', () => {
  beforeEach(() => vi.mocked(toast.success).mockClear());
  afterEach(() => {
    vi.mocked(toast.error).mockClear();
    vi.unstubAllGlobals();
  });

  it('asks for a link with the address, then says the same whatever the address', async () => {
    const calls = serveApi(() => ({ status: 200, body: { status: true } }));
    renderAt('/forgot-password');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Email'), 'rosa@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect((await screen.findByRole('status')).textContent).toBe(RESET_LINK_SENT);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      [
        'POST',
        '/api/auth/request-password-reset',
        { email: 'rosa@example.com', redirectTo: '/reset-password' },
      ],
    ]);
  });

  it('sets the new password with the link token, then sends the user to sign in', async () => {
    const calls = serveApi(() => ({ status: 200, body: { status: true } }));
    renderAt('/reset-password?token=abc123');
    await userEvent.type(screen.getByLabelText('New password'), 'fresh-passphrase');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'fresh-passphrasX');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(calls).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'fresh-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await screen.findByRole('heading', { name: 'Sign in page' });
    expect(toasted('success')).toEqual([PASSWORD_CHANGED]);
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/auth/reset-password', { token: 'abc123', newPassword: 'fresh-passphrase' }],
    ]);
  });

  it.each<[string, FakeAnswer, string]>([
    ['a used or expired link', { status: 400, body: { error: 'Invalid token' } }, RESET_LINK_DEAD],
    ['a server failure', { status: 503, body: { error: 'Service unavailable' } }, 'Service unavailable'],
  ])('says what went wrong for %s and stays on the page', async (_case, answer, text) => {
    serveApi(() => answer);
    renderAt('/reset-password?token=old');
    await userEvent.type(screen.getByLabelText('New password'), 'fresh-passphrase');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'fresh-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(toasted('error')).toEqual([text]));
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeTruthy();
  });

  it('explains a link without its token and offers a new one', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('status').textContent).toBe(
      'This link is incomplete: open the whole link from the message, or ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
