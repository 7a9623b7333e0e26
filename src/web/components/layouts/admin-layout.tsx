import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { signInPathFor } from '../../lib/auth/return-path';
import { useAuth } from '../../lib/auth/use-auth';
import { ErrorBoundary } from '../ui/error-boundary';
import { StatusMessage } from '../ui/status-message';

/**
 * The gate of every /admin route: admin screens render only for admins. Signed-out users go to
 * /auth with a return address; signed-in non-admins go to /dashboard with one toast.
 */
export function AdminLayout() {
  const { status, isAdmin } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const warned = useRef(false);

  useEffect(() => {
    if (status === 'signedOut') {
      void navigate(signInPathFor(location), { replace: true });
    } else if (status === 'signedIn' && !isAdmin) {
      if (!warned.current) {
        warned.current = true;
        toast.error('Admin access required', { toastId: 'admin-access-required' });
      }
      void navigate('/dashboard', { replace: true });
    }
  }, [status, isAdmin, location, navigate]);

  if (status === 'loading') return <StatusMessage>Checking permissions...</StatusMessage>;
  if (status === 'signedOut') return <StatusMessage>Redirecting to login...</StatusMessage>;
  if (!isAdmin) return <StatusMessage>Checking permissions...</StatusMessage>;
  return (
    <ErrorBoundary key={location.pathname} area="Admin area">
      <Outlet />
    </ErrorBoundary>
  );
}
