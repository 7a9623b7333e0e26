// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountSession } from '../../../../contract/sessions';
import { clearAuthToken, getAuthToken, setAuthToken } from '../../../lib/auth-token';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { saveTextFile } from '../../../lib/download';
import { screen, userEvent, waitFor, within } from '../../../testing/dom';
import { serveApi, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { EmailCard, emailChangeSent } from './email-card';
import { PASSWORD_CHANGED_HERE, PasswordCard } from './password-card';
import { OTHERS_SIGNED_OUT, SESSION_SIGNED_OUT, SessionsCard } from './sessions-card';
import { ACCOUNT_DELETED, YourDataCard } from './your-data-card';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/download', () => ({ saveTextFile: vi.fn() }));
const toasted = (kind: 'success' | 'error') => vi.mocked(toast[kind]).mock.calls.map(([text]) => text);

const ME = {
  id: 'u1',
  firstName: 'Sid',
  username: 'sid',
  email: 'sid@example.com',
  emailVerified: true,
  emailVerificationRequired: false,
  twoFactorEnabled: false,
  publicMetadata: { permissions: [] },
  referralCode: 'SID12345',
  organizations: [],
  activeOrganizationId: null,
};
const session = (id: string, device: string, current: boolean): AccountSession => ({
  id,
  current,
  device,
  ipAddress: '203.0.113.7',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastActiveAt: '2026-11-28T09:30:00.000Z',
});

function serve(answer: (call: FakeCall) => FakeAnswer | undefined) {
  return serveApi((call) => (call.path === '/api/me' ? { status: 200, body: ME } : answer(call)));
}

function render(card: React.ReactNode) {
  return renderWithQuery(
    <MemoryRouter>
      <AuthProvider>{card}</AuthProvider>
    </MemoryRouter>,
  );
}

describe("Settings' account and security cards", () => {
  beforeEach(() => setAuthToken('current'));
  afterEach(() => {
    clearAuthToken();
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
    vi.unstubAllGlobals();
  });

  it('lists the signed-in devices and signs out one, then all the others', async () => {
    let sessions = [
      session('s1', 'Chrome 131 on Linux', true),
      session('s2', 'Safari 18 on iOS', false),
      session('s3', 'curl/8.5.0', false),
    ];
    const calls = serve((call) => {
      if (call.path === '/api/account/sessions') return { status: 200, body: { sessions } };
      if (call.method === 'DELETE') {
        sessions = sessions.filter((s) => s.id !== call.path.split('/').at(-1));
        return { status: 200, body: { revoked: 1 } };
      }
      if (call.path === '/api/account/sessions/revoke-others') {
        sessions = sessions.filter((s) => s.current);
        return { status: 200, body: { revoked: 1 } };
      }
      return undefined;
    });
    render(<SessionsCard />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('listitem')[0]!.textContent).toContain('This device');
    expect(within(list).getAllByRole('button', { name: /^Sign out / })).toHaveLength(2);

    await userEvent.click(within(list).getByRole('button', { name: /^Sign out Safari 18 on iOS/ }));
    await waitFor(() => expect(toasted('success')).toEqual([SESSION_SIGNED_OUT]));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out All Other Sessions' }));
    await waitFor(() => expect(toasted('success')).toEqual([SESSION_SIGNED_OUT, OTHERS_SIGNED_OUT]));
    await screen.findByText('This is the only device signed in.');
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.path])).toEqual([
      ['DELETE', '/api/account/sessions/s2'],
      ['POST', '/api/account/sessions/revoke-others'],
    ]);
  });

  it('changes the password with the current one, and keeps the session the server hands back', async () => {
    const calls = serve((call) =>
      call.path === '/api/auth/change-password'
        ? { status: 200, body: { token: 'raw' }, headers: { 'set-auth-token': 'after.change' } }
        : undefined,
    );
    render(<PasswordCard />);
    await userEvent.type(screen.getByLabelText('Current password'), 'old-passphrase');
    await userEvent.type(screen.getByLabelText('New password'), 'new-passphrase');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-passphrasX');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Confirm new password'));
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'new-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(toasted('success')).toEqual([PASSWORD_CHANGED_HERE]));
    expect(getAuthToken()).toBe('after.change');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      currentPassword: 'old-passphrase',
      newPassword: 'new-passphrase',
      revokeOtherSessions: true,
    });
  });

  it('asks for a new address and says where the link went', async () => {
    const calls = serve((call) =>
      call.path === '/api/auth/change-email' ? { status: 200, body: { status: true } } : undefined,
    );
    render(<EmailCard />);
    expect(await screen.findByText('sid@example.com · verified')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('New email address'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(await screen.findByText('Invalid email format')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('New email address'));
    await userEvent.type(screen.getByLabelText('New email address'), 'sid.new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    expect((await screen.findByRole('status')).textContent).toBe(emailChangeSent('sid.new@example.com'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { newEmail: 'sid.new@example.com' },
    ]);
  });

  it('downloads your data as a JSON file', async () => {
    const data = {
      exportedAt: '2026-11-28T12:00:00.000Z',
      account: { id: 'u1', email: 'sid@example.com' },
      preferences: null,
      ...Object.fromEntries(
        [
          'signInMethods',
          'sessions',
          'organizations',
          'ledgerAccounts',
          'ledgerEntries',
          'payments',
          'trades',
          'offerActions',
          'offerFeedback',
          'referrals',
          'contactMessages',
          'auditLog',
        ].map((key) => [key, []]),
      ),
    };
    serve((call) => (call.path === '/api/account/export' ? { status: 200, body: data } : undefined));
    render(<YourDataCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Download My Data' }));
    await waitFor(() => expect(vi.mocked(saveTextFile)).toHaveBeenCalledTimes(1));
    const [name, text, type] = vi.mocked(saveTextFile).mock.calls[0]!;
    expect([name, type]).toEqual(['heatsignal-data-2026-11-28.json', 'application/json']);
    expect(JSON.parse(text)).toEqual(data);
  });

  it('deletes the account with the password, says why not when something is left, and signs out', async () => {
    let left = 'Your account still holds $12.00: withdraw it first.';
    const calls = serve((call) => {
      if (call.path !== '/api/account/delete') return undefined;
      return left ? { status: 409, body: { error: left } } : { status: 200, body: { deleted: true } };
    });
    render(<YourDataCard />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'my-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await waitFor(() => expect(toasted('error')).toEqual([left]));
    expect(getAuthToken()).toBe('current');

    left = '';
    await userEvent.click(screen.getByRole('button', { name: 'Delete My Account' }));
    await waitFor(() => expect(toasted('success')).toEqual([ACCOUNT_DELETED]));
    expect(getAuthToken()).toBeNull();
    expect(calls.filter((c) => c.path === '/api/account/delete').map((c) => c.body)).toEqual([
      { password: 'my-passphrase' },
      { password: 'my-passphrase' },
    ]);
  });
});
