import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../lib/auth/use-auth';

/** /auth and /sign-up are for signed-out visitors: a signed-in user moves on to `target`. */
export function useRedirectWhenSignedIn(target: string): boolean {
  const { status } = useAuth();
  const navigate = useNavigate();
  const signedIn = status === 'signedIn';

  useEffect(() => {
    if (signedIn) void navigate(target, { replace: true });
  }, [signedIn, target, navigate]);

  return signedIn;
}
