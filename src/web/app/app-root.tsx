import { Outlet } from 'react-router';
import { StatusMessage } from '../components/ui/status-message';
import { AuthProvider } from '../lib/auth/auth-provider';
import { SecondFactorProvider } from '../lib/auth/second-factor-provider';
import { useAuth } from '../lib/auth/use-auth';

/** Root route: the session lives inside the router so signing out can navigate. */
export function AppRoot() {
  return (
    <AuthProvider>
      <SecondFactorProvider>
        <AuthGate />
      </SecondFactorProvider>
    </AuthProvider>
  );
}

/** Nothing renders against a half-known session: 'Loading...' until /api/me answers. */
function AuthGate() {
  const { status } = useAuth();
  if (status === 'loading') return <StatusMessage fullScreen>Loading...</StatusMessage>;
  return <Outlet />;
}
