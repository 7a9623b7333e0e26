import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { signInPathFor } from '../../lib/auth/return-path';
import { useAuth } from '../../lib/auth/use-auth';
import { ErrorBoundary } from '../ui/error-boundary';
import { EmailVerificationBanner } from './email-verification-banner';
import { StatusMessage } from '../ui/status-message';

/** Gate for signed-in screens: anyone else is sent to /auth with a way back here. */
export function ProtectedLayout() {
  const { status, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    if (status === 'signedOut') void navigate(signInPathFor(location), { replace: true });
  }, [status, location, navigate]);

  if (status !== 'signedIn' || !user) return <StatusMessage>Redirecting to login...</StatusMessage>;
  return (
    <>
      <EmailVerificationBanner user={user} />
      <ErrorBoundary key={location.pathname} area="User area">
        <Outlet />
      </ErrorBoundary>
    </>
  );
}
