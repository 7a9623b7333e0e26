import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../../../lib/auth/use-auth';

/**
 * Keeps the landing's heat summary live while the page is shown (the socket closes when it is
 * left). The socket code is imported here, after the first render, not with the page.
 */
export function useLiveHeatSummary(): void {
  const queryClient = useQueryClient();
  const userId = useAuth().user?.id ?? null;
  useEffect(() => {
    let left = false;
    let unsubscribe: (() => void) | undefined;
    void import('../api/heat-summary-updates').then(({ subscribeHeatSummaryUpdates }) => {
      if (!left) unsubscribe = subscribeHeatSummaryUpdates(queryClient, userId);
    });
    return () => {
      left = true;
      unsubscribe?.();
    };
  }, [queryClient, userId]);
}
