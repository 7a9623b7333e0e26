import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { StatusMessage } from '../../../components/ui/status-message';
import { getStoredReferralCode } from '../../../lib/referral-storage';
import { useRedirectWhenSignedIn } from '../hooks/use-redirect-when-signed-in';
import { AuthCard } from './auth-card';
import { SignUpForm } from './sign-up-form';

/** /sign-up: after sign-up (or when already signed in) the user goes to /dashboard. */
export function SignUpPage() {
  const signedIn = useRedirectWhenSignedIn('/dashboard');
  const announced = useRef(false);

  useEffect(() => {
    const code = getStoredReferralCode();
    if (signedIn || !code || announced.current) return;
    announced.current = true;
    toast.info(`Using referral code: ${code}`, { toastId: 'referral-signup' });
  }, [signedIn]);

  if (signedIn) return <StatusMessage>Redirecting...</StatusMessage>;
  return (
    <AuthCard
      title="Join HeatSignal"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/auth" className="font-medium text-orange-400 hover:text-orange-300">
            Sign in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
