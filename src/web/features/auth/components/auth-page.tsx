import { Link, useSearchParams } from 'react-router';
import { StatusMessage } from '../../../components/ui/status-message';
import { RETURN_PARAM, safeReturnPath } from '../../../lib/auth/return-path';
import { useRedirectWhenSignedIn } from '../hooks/use-redirect-when-signed-in';
import { AuthCard } from './auth-card';
import { SignInForm } from './sign-in-form';
import { SsoButton } from './sso-button';

/** /auth: once signed in (now or already), go to the `redirect` return address or /dashboard. */
export function AuthPage() {
  const [searchParams] = useSearchParams();
  const signedIn = useRedirectWhenSignedIn(safeReturnPath(searchParams.get(RETURN_PARAM)));

  if (signedIn) return <StatusMessage>Redirecting...</StatusMessage>;
  return (
    <AuthCard
      title="Welcome to HeatSignal"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/sign-up" className="font-medium text-orange-400 hover:text-orange-300">
            Sign up
          </Link>
        </>
      }
    >
      <SignInForm />
      <SsoButton />
      <p className="mt-4 text-center text-sm">
        <Link to="/forgot-password" className="text-slate-400 hover:text-orange-300">
          Forgot password?
        </Link>
      </p>
    </AuthCard>
  );
}
