import { useAuth } from '../../../../lib/auth/use-auth';

/** The landing call-to-action target depends only on the signed-in state (spec 4). */
export function useSignedIn(): boolean {
  return useAuth().status === 'signedIn';
}
