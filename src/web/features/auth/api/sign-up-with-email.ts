import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '../../../../contract/account';
import { useAuth } from '../../../lib/auth/use-auth';
import { applyStoredReferral, type StoredReferralOutcome } from './apply-stored-referral';
import { postCredentials } from '../../../lib/auth/post-credentials';

export function signUpWithEmail(input: SignUpInput): Promise<string> {
  return postCredentials('/sign-up/email', input, 'Sign up failed');
}

/**
 * Creates the account, applies a stored referral code with the new token (its outcome is
 * returned for a toast; it never fails the sign-up), then signs straight in.
 */
export function useSignUpWithEmail() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async (input: SignUpInput): Promise<{ referral: StoredReferralOutcome }> => {
      const token = await signUpWithEmail(input);
      const referral = await applyStoredReferral(token);
      await signIn(token);
      return { referral };
    },
  });
}
