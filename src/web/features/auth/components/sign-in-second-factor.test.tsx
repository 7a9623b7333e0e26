// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, getAuthToken } from '../../../lib/auth-token';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { screen, userEvent, waitFor } from '../../../testing/dom';
import { serveApi, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { ENTER_BACKUP_CODE, SIGN_IN_EXPIRED } from './second-factor-step';
import { SignInForm } from './sign-in-form';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const toastedErrors = () => vi.mocked(toast.error).mock.calls.map(([text]) => text);

const ME = {
  id: 'u1',
  firstName: 'Sam',
  username: 'sam',
  email: 'sam@example.com',
  emailVerified: true,
  emailVerificationRequired: false,
  twoFactorEnabled: true,
  publicMetadata: { permissions: [] },
  referralCode: 'SAM12345',
  organizations: [],
  activeOrganizationId: null,
};

/** A server whose sign-in asks for a second factor; `second` answers the code step. */
function serveSignIn(second: (call: FakeCall) => FakeAnswer) {
  return serveApi((call) => {
    if (call.path === '/api/auth/sign-in/email')
      return { status: 200, body: { twoFactorRedirect: true, twoFactorMethods: ['totp'] } };
    if (call.path === '/api/me') return { status: 200, body: ME };
    return second(call);
  });
}

function renderForm() {
  return renderWithQuery(
    <MemoryRouter>
      <AuthProvider>
        <SignInForm />
      </AuthProvider>
    </MemoryRouter>,
  );
}

async function enterPassword() {
  await userEvent.type(screen.getByLabelText('Email'), 'sam@example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'correct-horse-battery');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('form', { name: 'Two-factor authentication' });
}

describe('signing in with two-factor on', () => {
  afterEach(() => {
    clearAuthToken();
    vi.mocked(toast.error).mockClear();
    vi.unstubAllGlobals();
  });

  it('asks for the app code after the password, and signs in with it', async () => {
    const calls = serveSignIn((call) =>
      (call.body as { code: string }).code === '123456'
        ? { status: 200, body: { token: 'raw' }, headers: { 'set-auth-token': 'signed.token' } }
        : { status: 401, body: { error: 'Invalid code' } },
    );
    renderForm();
    await enterPassword();
    await userEvent.type(screen.getByLabelText('Authentication code'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6 digits your app shows')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '654 321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toastedErrors()).toEqual(['Invalid code']));
    expect(getAuthToken()).toBeNull();

    await userEvent.clear(screen.getByLabelText('Authentication code'));
    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(getAuthToken()).toBe('signed.token'));
    expect(calls.filter((c) => c.url.includes('two-factor')).map((c) => [c.url, c.body])).toEqual([
      ['/api/auth/two-factor/verify-totp', { code: '654321' }],
      ['/api/auth/two-factor/verify-totp', { code: '123456' }],
    ]);
  });

  it('takes a backup code instead', async () => {
    const calls = serveSignIn(() => ({
      status: 200,
      body: { token: 'raw' },
      headers: { 'set-auth-token': 'from.backup' },
    }));
    renderForm();
    await enterPassword();
    await userEvent.click(screen.getByRole('button', { name: 'Use a backup code instead' }));
    expect(screen.getByText(ENTER_BACKUP_CODE)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Backup code'), 'Ab3dE-fG7hJ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(getAuthToken()).toBe('from.backup'));
    expect(calls.at(-2)).toMatchObject({
      url: '/api/auth/two-factor/verify-backup-code',
      body: { code: 'Ab3dE-fG7hJ' },
    });
  });

  it('goes back to the password when the sign-in has expired', async () => {
    serveSignIn(() => ({ status: 401, body: { error: 'Invalid two factor cookie' } }));
    renderForm();
    await enterPassword();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toastedErrors()).toEqual([SIGN_IN_EXPIRED]));
    expect(await screen.findByRole('form', { name: 'Sign in' })).toBeTruthy();
  });
});
