import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** Mails the signed-in user a new verification link (at most five an hour per address). */
export function useResendVerification() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest('/auth/send-verification-email', {
        method: 'POST',
        body: { email },
        fallbackError: 'Could not send the link',
      }),
  });
}
