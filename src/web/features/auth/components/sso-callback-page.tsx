import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NO_SSO_SESSION } from '../../../../contract/sso';
import { StatusMessage } from '../../../components/ui/status-message';
import { RETURN_PARAM, safeReturnPath } from '../../../lib/auth/return-path';
import { useAuth } from '../../../lib/auth/use-auth';
import { useTakeOverSsoSession } from '../api/sso';
import { AuthCard } from './auth-card';

/** /sso-callback: where single sign-on comes back; the session becomes this page's, then onward. */
export function SsoCallbackPage() {
  const [searchParams] = useSearchParams();
  const target = safeReturnPath(searchParams.get(RETURN_PARAM));
  const takeOver = useTakeOverSsoSession();
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    takeOver.mutate(undefined, {
      onSuccess: ({ token }) => void signIn(token).then(() => navigate(target, { replace: true })),
    });
  }, [takeOver, signIn, navigate, target]);

  if (takeOver.isError)
    return (
      <AuthCard
        title="Single sign-on"
        footer={
          <Link to="/auth" className="font-medium text-orange-400 hover:text-orange-300">
            Back to sign in
          </Link>
        }
      >
        <p role="status" className="text-slate-200">
          {NO_SSO_SESSION}
        </p>
      </AuthCard>
    );
  return <StatusMessage>Signing you in...</StatusMessage>;
}
