// @vitest-environment happy-dom
import { MemoryRouter, Route, Routes } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_SSO_SESSION } from '../../../../contract/sso';
import { clearAuthToken, getAuthToken } from '../../../lib/auth-token';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { screen, userEvent, waitFor } from '../../../testing/dom';
import { serveApi, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { SSO_NOT_LINKED, SsoButton } from './sso-button';
import { SsoCallbackPage } from './sso-callback-page';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const toastedErrors = () => vi.mocked(toast.error).mock.calls.map(([text]) => text);

const ME = {
  id: 'u1',
  firstName: 'Nora',
  username: 'nora',
  email: 'nora@example.com',
  emailVerified: true,
  emailVerificationRequired: false,
  twoFactorEnabled: false,
  publicMetadata: { permissions: [] },
  referralCode: 'NORA1234',
  organizations: [],
  activeOrganizationId: null,
};

function renderAt(path: string, answer: (call: FakeCall) => FakeAnswer | undefined) {
  const calls = serveApi((call) => (call.path === '/api/me' ? { status: 200, body: ME } : answer(call)));
  renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <Routes>
          <Route path="/auth" element={<SsoButton />} />
          <Route path="/sso-callback" element={<SsoCallbackPage />} />
          <Route path="/offers" element={<h1>Offers page</h1>} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
  return calls;
}

describe('single sign-on on the screens', () => {
  afterEach(() => {
    clearAuthToken();
    vi.mocked(toast.error).mockClear();
    vi.unstubAllGlobals();
  });

  it('offers nothing when the server has no single sign-on', async () => {
    const calls = renderAt('/auth', (call) =>
      call.path === '/api/sign-in-options' ? { status: 200, body: { sso: null } } : undefined,
    );
    await waitFor(() => expect(calls.some((c) => c.path === '/api/sign-in-options')).toBe(true));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('leaves for the provider, asking it to come back to /sso-callback with where the user was going', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const calls = renderAt('/auth?redirect=%2Foffers', (call) => {
      if (call.path === '/api/sign-in-options') return { status: 200, body: { sso: { name: 'Okta' } } };
      if (call.path === '/api/auth/sign-in/social')
        return { status: 200, body: { url: 'https://idp.example/authorize?x=1', redirect: false } };
      return undefined;
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Okta' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example/authorize?x=1'));
    expect(calls.find((c) => c.path === '/api/auth/sign-in/social')?.body).toEqual({
      provider: 'oidc',
      callbackURL: '/sso-callback?redirect=%2Foffers',
      errorCallbackURL: '/auth',
      disableRedirect: true,
    });
  });

  it('says why when the provider came back with an error', async () => {
    renderAt('/auth?error=account_not_linked', (call) =>
      call.path === '/api/sign-in-options' ? { status: 200, body: { sso: { name: 'Okta' } } } : undefined,
    );
    await waitFor(() => expect(toastedErrors()).toEqual([SSO_NOT_LINKED]));
  });

  it('trades the session the callback left for a token, once, and goes on', async () => {
    const calls = renderAt('/sso-callback?redirect=%2Foffers', (call) =>
      call.path === '/api/sso-session' ? { status: 200, body: { token: 'sso.token' } } : undefined,
    );
    await screen.findByRole('heading', { name: 'Offers page' });
    expect(getAuthToken()).toBe('sso.token');
    expect(calls.filter((c) => c.path === '/api/sso-session')).toHaveLength(1);
  });

  it('says so when there is no session to take over', async () => {
    renderAt('/sso-callback', (call) =>
      call.path === '/api/sso-session' ? { status: 401, body: { error: NO_SSO_SESSION } } : undefined,
    );
    expect(await screen.findByText(NO_SSO_SESSION)).toBeTruthy();
    expect(getAuthToken()).toBeNull();
  });
});
