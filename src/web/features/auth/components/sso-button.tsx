import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { serverErrorMessage } from '../../../lib/api-client';
import { RETURN_PARAM, safeReturnPath } from '../../../lib/auth/return-path';
import { useSignInOptions, useStartSso } from '../api/sso';

export const SSO_NOT_LINKED =
  'An account already uses that address, and the address is not verified on both sides: sign in with your password, verify your address, then try single sign-on again.';

/** What /auth says when single sign-on came back with `error`. */
export function ssoErrorText(code: string): string {
  return code === 'account_not_linked'
    ? SSO_NOT_LINKED
    : `Single sign-on did not complete (${code.replaceAll('_', ' ')}).`;
}

/** 'Sign in with <provider>' on /auth, when the server has single sign-on. */
export function SsoButton() {
  const options = useSignInOptions();
  const start = useStartSso();
  const [searchParams] = useSearchParams();
  const error = searchParams.get('error');

  useEffect(() => {
    if (error) toast.error(ssoErrorText(error), { toastId: 'sso-error' });
  }, [error]);

  const sso = options.data?.sso;
  if (!sso) return null;
  return (
    <div className="mt-4 space-y-3">
      <p className="text-center text-xs uppercase tracking-wide text-slate-500">or</p>
      <Button
        variant="secondary"
        className="w-full"
        disabled={start.isPending}
        aria-busy={start.isPending}
        onClick={() =>
          start.mutate(safeReturnPath(searchParams.get(RETURN_PARAM)), {
            onError: (failure) => toast.error(serverErrorMessage(failure, 'Single sign-on is unavailable')),
          })
        }
      >
        Sign in with {sso.name}
      </Button>
    </div>
  );
}
