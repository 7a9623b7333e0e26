import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Where better-auth's own reset link would lead. The server mails its own link to this same page
 * (PUBLIC_URL/reset-password), so this only keeps the two in step.
 */
const RESET_PAGE = '/reset-password';

/** Asks for a reset link: the answer is the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/auth/request-password-reset', {
        method: 'POST',
        auth: false,
        body: { email, redirectTo: RESET_PAGE },
        fallbackError: 'Could not ask for a reset link',
      }),
  });
}

/** Sets the new password with the link's token; every session of the account ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      apiRequest('/auth/reset-password', {
        method: 'POST',
        auth: false,
        body: { token, newPassword: password },
        fallbackError: 'Could not change the password',
      }),
  });
}
