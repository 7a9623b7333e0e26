import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '../../../../contract/account';
import { useAuth } from '../../../lib/auth/use-auth';
import { postCredentials } from './post-credentials';

export function signUpWithEmail(input: SignUpInput): Promise<string> {
  return postCredentials('/sign-up/email', input, 'Sign up failed');
}

/** Creates the account and signs straight in with the returned token. */
export function useSignUpWithEmail() {
  const { signIn } = useAuth();
  return useMutation({
    mutationFn: async (input: SignUpInput) => signIn(await signUpWithEmail(input)),
  });
}
