import { useEffect } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { StatusMessage } from '../../../components/ui/status-message';
import { storeReferral } from '../../../lib/referral-storage';

/** /r/:code and /referral/:code: remember the code (and ?campaign=), then on to /auth with the query. */
export function ReferralLandingPage() {
  const { code = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    const trimmed = code.trim();
    if (trimmed) {
      storeReferral(trimmed, new URLSearchParams(search).get('campaign'));
      toast.success(`Referral code ${trimmed} applied`, { toastId: `referral-applied-${trimmed}` });
    }
    void navigate(`/auth${search}`, { replace: true });
  }, [code, search, navigate]);

  return <StatusMessage>Redirecting...</StatusMessage>;
}
