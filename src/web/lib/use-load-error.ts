import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { serverErrorMessage } from './api-client';
import { isUnauthorized } from './auth/me-query';
import { signInPathFor } from './auth/return-path';

interface LoadErrorOptions {
  /** Spec text for this load, e.g. 'Failed to fetch trades'. */
  fallback: string;
  /** One toast per failing load, however often the screen re-renders. */
  toastId: string;
  /** Shown instead when the server answers 401 (trades: 'Please sign in to view trades'). */
  unauthorizedMessage?: string;
}

/**
 * Reports a failed data load with a toast. A 401 means the session is gone: the user goes to
 * /auth with a way back here (trader spec 6), with `unauthorizedMessage` if the screen has one.
 */
export function useLoadErrorToast(error: unknown, options: LoadErrorOptions): void {
  const { fallback, toastId, unauthorizedMessage } = options;
  const navigate = useNavigate();
  const location = useLocation();
  const unauthorized = isUnauthorized(error);
  const returnPath = signInPathFor(location);

  useEffect(() => {
    if (!error) return;
    if (!unauthorized) {
      toast.error(serverErrorMessage(error, fallback), { toastId });
      return;
    }
    if (unauthorizedMessage) toast.error(unauthorizedMessage, { toastId: `${toastId}-401` });
    void navigate(returnPath, { replace: true });
  }, [error, unauthorized, fallback, toastId, unauthorizedMessage, navigate, returnPath]);
}
