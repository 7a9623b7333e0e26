import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { postCredentials } from '../../../lib/auth/post-credentials';
import { useAuth } from '../../../lib/auth/use-auth';

/**
 * A new password: every other session ends, and this one is replaced by a new one whose token the
 * page keeps.
 */
export function useChangePassword() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async ({ currentPassword, password }: { currentPassword: string; password: string }) =>
      signIn(
        await postCredentials(
          '/change-password',
          { currentPassword, newPassword: password, revokeOtherSessions: true },
          'Could not change the password',
          { signedIn: true },
        ),
      ),
  });
}

/** Mails a link to the new address; the address changes once that link is opened. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (newEmail: string) =>
      apiRequest('/auth/change-email', {
        method: 'POST',
        body: { newEmail },
        fallbackError: 'Could not change the address',
      }),
  });
}
