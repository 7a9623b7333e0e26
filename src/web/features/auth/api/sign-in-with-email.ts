import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '../../../../contract/account';
import { useAuth } from '../../../lib/auth/use-auth';
import { postCredentials } from '../../../lib/auth/post-credentials';

export function signInWithEmail(input: SignInInput): Promise<string> {
  return postCredentials('/sign-in/email', input, 'Sign in failed');
}

/**
 * Resolves once the session is stored and /api/me has loaded; rejects with SecondFactorNeeded when
 * the account asks for a code next.
 */
export function useSignInWithEmail() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async (input: SignInInput) => signIn(await signInWithEmail(input)),
  });
}
