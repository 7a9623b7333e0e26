import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { ApiError, serverErrorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { useVerifyEmail } from '../api/email-verification';
import { AuthCard } from './auth-card';

export const EMAIL_VERIFIED = 'Your email address is verified.';
export const VERIFY_LINK_DEAD =
  'This link has expired or is not valid. Sign in and send a new one from the banner at the top of the page.';
export const VERIFY_LINK_INCOMPLETE = 'This link is incomplete: open the whole link from the message.';

/** /verify-email?token=…: the page a mailed verification link opens. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { status, refresh } = useAuth();
  const verify = useVerifyEmail(token);
  const signedIn = status === 'signedIn';

  // The banner goes at once: the signed-in user's /api/me now says verified.
  useEffect(() => {
    if (verify.isSuccess && signedIn) void refresh();
  }, [verify.isSuccess, signedIn, refresh]);

  const onward = signedIn ? (
    <Link to="/dashboard" className={buttonClasses('primary', 'w-full')}>
      Go to Dashboard
    </Link>
  ) : (
    <Link to="/auth" className={buttonClasses('primary', 'w-full')}>
      Sign In
    </Link>
  );

  let message: string;
  if (!token) message = VERIFY_LINK_INCOMPLETE;
  else if (verify.isPending) message = 'Verifying your address...';
  else if (verify.isSuccess) message = EMAIL_VERIFIED;
  else if (verify.error instanceof ApiError && verify.error.status === 401) message = VERIFY_LINK_DEAD;
  else message = serverErrorMessage(verify.error, 'Could not verify the address');

  return (
    <AuthCard title="Verify your email address">
      <div className="space-y-4">
        <p role="status" className="text-slate-200">
          {message}
        </p>
        {!verify.isPending || !token ? onward : null}
      </div>
    </AuthCard>
  );
}
