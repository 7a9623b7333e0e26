// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearAuthToken, getAuthToken, setAuthToken } from '../../../lib/auth-token';
import { AuthProvider } from '../../../lib/auth/auth-provider';
import { saveTextFile } from '../../../lib/download';
import { screen, userEvent, waitFor } from '../../../testing/dom';
import { serveApi, type FakeCall } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import {
  TWO_FACTOR_OFF_TEXT,
  TWO_FACTOR_ON_TEXT,
  TWO_FACTOR_TURNED_OFF,
  TWO_FACTOR_TURNED_ON,
  TwoFactorCard,
} from './two-factor-card';

vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('../../../lib/download', () => ({ saveTextFile: vi.fn() }));
const toasted = (kind: 'success' | 'error') => vi.mocked(toast[kind]).mock.calls.map(([text]) => text);

const TOTP_URI =
  'otpauth://totp/HeatSignal:tess%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=HeatSignal';
const BACKUP = Array.from({ length: 10 }, (_, i) => `code-${i}`);

/** A server holding one account whose two-factor is `enabled`; the password is 'right-password'. */
function serveAccount(enabled: boolean) {
  let on = enabled;
  const me = () => ({
    id: 'u1',
    firstName: 'Tess',
    username: 'tess',
    email: 'tess@example.com',
    emailVerified: true,
    emailVerificationRequired: false,
    twoFactorEnabled: on,
    publicMetadata: { permissions: [] },
    referralCode: 'TESS1234',
    organizations: [],
    activeOrganizationId: null,
  });
  const password = (call: FakeCall) => (call.body as { password: string }).password === 'right-password';
  return serveApi((call) => {
    switch (call.path) {
      case '/api/me':
        return { status: 200, body: me() };
      case '/api/auth/two-factor/enable':
        return password(call)
          ? { status: 200, body: { totpURI: TOTP_URI, backupCodes: BACKUP } }
          : { status: 400, body: { error: 'Invalid password' } };
      case '/api/auth/two-factor/verify-totp':
        if ((call.body as { code: string }).code !== '123456')
          return { status: 401, body: { error: 'Invalid code' } };
        on = true;
        return { status: 200, body: {}, headers: { 'set-auth-token': 'after.enable' } };
      case '/api/auth/two-factor/disable':
        if (!password(call)) return { status: 400, body: { error: 'Invalid password' } };
        on = false;
        return { status: 200, body: {}, headers: { 'set-auth-token': 'after.disable' } };
      default:
        return undefined;
    }
  });
}

function renderCard() {
  return renderWithQuery(
    <MemoryRouter>
      <AuthProvider>
        <TwoFactorCard />
      </AuthProvider>
    </MemoryRouter>,
  );
}

describe("Settings' two-factor section", () => {
  beforeEach(() => setAuthToken('before'));
  afterEach(() => {
    clearAuthToken();
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
    vi.unstubAllGlobals();
  });

  it('turns it on: password, QR code and backup codes, then the first code from the app', async () => {
    const calls = serveAccount(false);
    renderCard();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(TWO_FACTOR_OFF_TEXT));
    await userEvent.click(screen.getByRole('button', { name: 'Turn On Two-Factor' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(toasted('error')).toEqual(['Invalid password']));

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    const codes = screen.getByRole('list', { name: 'Backup codes' });
    expect([...codes.querySelectorAll('li')].map((li) => li.textContent)).toEqual(BACKUP);
    await userEvent.click(screen.getByRole('button', { name: 'Download Backup Codes' }));
    expect(vi.mocked(saveTextFile)).toHaveBeenCalledWith(
      'heatsignal-backup-codes.txt',
      `${BACKUP.join('\n')}\n`,
      'text/plain',
    );

    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and Turn On' }));
    await waitFor(() => expect(toasted('success')).toEqual([TWO_FACTOR_TURNED_ON]));
    // The server replaced the session: the new token is the one kept.
    expect(getAuthToken()).toBe('after.enable');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(TWO_FACTOR_ON_TEXT));
    const verify = calls.find((c) => c.path === '/api/auth/two-factor/verify-totp');
    expect(verify?.body).toEqual({ code: '123456' });
  });

  it('turns it off with the password', async () => {
    serveAccount(true);
    renderCard();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(TWO_FACTOR_ON_TEXT));
    await userEvent.click(screen.getByRole('button', { name: 'Turn Off Two-Factor' }));
    await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Turn Off' }));
    await waitFor(() => expect(toasted('success')).toEqual([TWO_FACTOR_TURNED_OFF]));
    expect(getAuthToken()).toBe('after.disable');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(TWO_FACTOR_OFF_TEXT));
  });
});
