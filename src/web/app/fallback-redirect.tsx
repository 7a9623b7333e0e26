import { Navigate } from 'react-router';
import { useAuth } from '../lib/auth/use-auth';

/** Unknown paths: /dashboard when signed in, else / (the session is known here: AuthGate waited). */
export function FallbackRedirect() {
  const { status } = useAuth();
  return <Navigate to={status === 'signedIn' ? '/dashboard' : '/'} replace />;
}
