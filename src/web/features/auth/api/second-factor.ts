import { useMutation } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/use-auth';
import { postCredentials } from '../../../lib/auth/post-credentials';

export interface SecondFactorInput {
  code: string;
  /** A single-use backup code instead of the app's code. */
  backup: boolean;
}

/**
 * Sign-in's second step: the code answers the challenge the password step left in a cookie, and
 * the answer carries the session's bearer token.
 */
export function useAnswerSecondFactor() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async ({ code, backup }: SecondFactorInput) =>
      signIn(
        await postCredentials(
          backup ? '/two-factor/verify-backup-code' : '/two-factor/verify-totp',
          { code: code.replace(/\s+/g, '') },
          'Could not check the code',
        ),
      ),
  });
}
