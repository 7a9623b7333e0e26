// @vitest-environment happy-dom
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../../contract/account';
import {
  EmailVerificationBanner,
  VERIFY_LINK_RESENT,
  verifyBannerText,
} from '../../../components/layouts/email-verification-banner';
import { clearAuthToken, setAuthToken } from '../../../lib/auth-token';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { serveApi, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { screen, userEvent, waitFor } from '../../../testing/dom';
import {
  EMAIL_VERIFIED,
  VERIFY_LINK_DEAD,
  VERIFY_LINK_INCOMPLETE,
  VerifyEmailPage,
} from './verify-email-page';

const me = (emailVerified: boolean): Me => ({
  id: 'u1',
  firstName: 'Vera',
  username: 'vera',
  email: 'vera@example.com',
  emailVerified,
  emailVerificationRequired: true,
  twoFactorEnabled: false,
  publicMetadata: { permissions: [] },
  referralCode: 'VERA1234',
  organizations: [],
  activeOrganizationId: null,
});

function renderPage(path: string) {
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <AuthProvider>
        <Routes>
          <Route path="/verify-email" element={<VerifyEmailPage />} />
        </Routes>
      </AuthProvider>
    </MemoryRouter>,
  );
}

const verifyCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/auth/verify-email');

describe('the page a verification link opens', () => {
  afterEach(() => {
    clearAuthToken();
    vi.unstubAllGlobals();
  });

  it('verifies the address with the token, refreshes the signed-in user, and leads to the dashboard', async () => {
    setAuthToken('session-token');
    let verified = false;
    const calls = serveApi((call) => {
      if (call.path === '/api/me') return { status: 200, body: me(verified) };
      if (call.path === '/api/auth/verify-email') {
        verified = true;
        return { status: 200, body: { status: true, user: null } };
      }
      return undefined;
    });
    renderPage('/verify-email?token=abc.def');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(EMAIL_VERIFIED));
    expect(verifyCalls(calls).map((c) => c.query)).toEqual([{ token: 'abc.def' }]);
    // Fetched again once verified: the banner goes without a reload.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/me').length).toBe(2));
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });

  it.each<[string, FakeAnswer, string]>([
    ['an expired or forged link', { status: 401, body: { error: 'Token expired' } }, VERIFY_LINK_DEAD],
    ['a server failure', { status: 503, body: { error: 'Service unavailable' } }, 'Service unavailable'],
  ])('says what went wrong for %s, and offers sign-in when signed out', async (_case, answer, text) => {
    serveApi((call) => (call.path === '/api/auth/verify-email' ? answer : undefined));
    renderPage('/verify-email?token=old');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(text));
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it('calls nothing for a link without its token', async () => {
    const calls = serveApi(() => undefined);
    renderPage('/verify-email');
    expect(screen.getByRole('status').textContent).toBe(VERIFY_LINK_INCOMPLETE);
    expect(verifyCalls(calls)).toHaveLength(0);
  });
});

describe('the verification banner', () => {
  beforeEach(() => setAuthToken('session-token'));
  afterEach(() => {
    clearAuthToken();
    vi.unstubAllGlobals();
  });

  it('asks an unverified user to verify, and sends the link again on request', async () => {
    const calls = serveApi(() => ({ status: 200, body: { status: true } }));
    renderWithQuery(<EmailVerificationBanner user={me(false)} />);
    const banner = screen.getByRole('region', { name: 'Email verification' });
    expect(banner.textContent).toContain(
      'Verify your email address to withdraw: open the link we mailed to vera@example.com.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('status')).textContent).toBe(VERIFY_LINK_RESENT);
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/api/auth/send-verification-email', { email: 'vera@example.com' }],
    ]);
  });

  it('shows the refusal when no more links may be sent', async () => {
    const error = 'Too many verification mails for this address, please try again in 42 minutes';
    serveApi(() => ({ status: 429, body: { error } }));
    renderWithQuery(<EmailVerificationBanner user={me(false)} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(error);
  });

  it('says withdrawals wait only where the server requires it, and is gone once verified', () => {
    expect(verifyBannerText({ email: 'a@b.co', emailVerificationRequired: false })).toBe(
      'Verify your email address: open the link we mailed to a@b.co.',
    );
    renderWithQuery(<EmailVerificationBanner user={me(true)} />);
    expect(screen.queryByRole('region', { name: 'Email verification' })).toBeNull();
  });
});
