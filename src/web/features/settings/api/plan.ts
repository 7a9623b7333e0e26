import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import {
  billingPortalEndpoint,
  cancelPlanEndpoint,
  checkoutEndpoint,
  planEndpoint,
  resumePlanEndpoint,
} from '../../../../contract/billing';
import { apiRequest, serverErrorMessage } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { settingsKeys } from './query-keys';

export const PLAN_LOAD_ERROR = 'Could not load your plan';

/** The trader's plan, this month's accepts against the Free limit, and what the provider offers. */
export function usePlan() {
  return useQuery({
    queryKey: settingsKeys.plan,
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(planEndpoint), {
        schema: planEndpoint.response,
        fallbackError: PLAN_LOAD_ERROR,
        signal,
      }),
  });
}

/** Checkout or the customer portal: the browser goes where the server says. */
export function useBillingRedirect(go: (url: string) => void = (url) => window.location.assign(url)) {
  return useMutation({
    mutationFn: (target: 'checkout' | 'portal') =>
      apiRequest(endpointPath(target === 'checkout' ? checkoutEndpoint : billingPortalEndpoint), {
        method: 'POST',
        body: {},
        schema: checkoutEndpoint.response,
        fallbackError: target === 'checkout' ? 'Could not start the upgrade' : 'Could not open billing',
      }),
    onSuccess: ({ url }) => go(url),
    onError: (error) => toast.error(serverErrorMessage(error, 'Billing is unavailable right now')),
  });
}

/** Cancel at the end of the paid period, or undo that. */
export function useChangeCancellation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: 'cancel' | 'resume') =>
      apiRequest(endpointPath(action === 'cancel' ? cancelPlanEndpoint : resumePlanEndpoint), {
        method: 'POST',
        body: {},
        schema: planEndpoint.response,
        fallbackError: action === 'cancel' ? 'Could not cancel Pro' : 'Could not resume Pro',
      }),
    onSuccess: (plan, action) => {
      client.setQueryData(settingsKeys.plan, plan);
      toast.success(action === 'cancel' ? 'Pro ends at the end of the paid period' : 'Pro renews again');
    },
    onError: (error) => toast.error(serverErrorMessage(error, 'Could not change your plan')),
  });
}
