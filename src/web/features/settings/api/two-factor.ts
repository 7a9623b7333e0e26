import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { postCredentials } from '../../../lib/auth/post-credentials';

export interface TwoFactorSetup {
  /** otpauth://totp/HeatSignal:<email>?secret=…: what the QR code carries. */
  totpURI: string;
  backupCodes: string[];
}

/** Step 1 of turning two-factor on: the password; the server answers with the secret and backup codes. */
export function useStartTwoFactor() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await apiRequest('/auth/two-factor/enable', {
        method: 'POST',
        body: { password },
        fallbackError: 'Could not turn two-factor on',
      })) as TwoFactorSetup,
  });
}

/**
 * Step 2: the first code from the app turns it on. The server replaces the session, so the new
 * token is stored (and /api/me, now with two-factor on, reloaded).
 */
export function useFinishTwoFactor() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async (code: string) =>
      signIn(
        await postCredentials('/two-factor/verify-totp', { code }, 'Could not check the code', {
          signedIn: true,
        }),
      ),
  });
}

/** Turns two-factor off with the password; the session is replaced as when turning it on. */
export function useTurnOffTwoFactor() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async (password: string) =>
      signIn(
        await postCredentials('/two-factor/disable', { password }, 'Could not turn two-factor off', {
          signedIn: true,
        }),
      ),
  });
}
