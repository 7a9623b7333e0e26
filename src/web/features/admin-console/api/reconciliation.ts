import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  acknowledgeDriftEndpoint,
  reconciliationEndpoint,
  reconciliationRunSchema,
  runReconciliationEndpoint,
} from '../../../../contract/reconciliation';
import { ADMIN_QUERY_KEY, useAdminMutation } from '../../../lib/admin-mutation';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { SYSTEM_HEALTH_REFRESH_MS } from './get-system-health';

export const RECONCILIATION_LOAD_ERROR = 'Failed to load reconciliation';
export const RECONCILE_FAILED = 'Failed to reconcile';
export const ACKNOWLEDGE_FAILED = 'Failed to acknowledge the drift';

export const reconciliationQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'reconciliation'],
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(reconciliationEndpoint), {
        schema: reconciliationEndpoint.response,
        fallbackError: RECONCILIATION_LOAD_ERROR,
        signal,
      }),
    refetchInterval: SYSTEM_HEALTH_REFRESH_MS,
  });

/** The latest runs and whether a drift pauses live accepts; refetched with System Health. */
export function useReconciliation() {
  return useQuery(reconciliationQueryOptions());
}

export function useRunReconciliation() {
  return useAdminMutation({
    run: () =>
      apiRequest(endpointPath(runReconciliationEndpoint), {
        method: 'POST',
        body: {},
        schema: reconciliationRunSchema,
        fallbackError: RECONCILE_FAILED,
      }),
    success: (_, run) => `Reconciliation #${run.id}: ${run.status}`,
    failure: () => RECONCILE_FAILED,
  });
}

export function useAcknowledgeDrift() {
  return useAdminMutation({
    run: ({ id, note }: { id: number; note: string }) =>
      apiRequest(endpointPath(acknowledgeDriftEndpoint, { id }), {
        method: 'POST',
        body: { note },
        schema: reconciliationRunSchema,
        fallbackError: ACKNOWLEDGE_FAILED,
      }),
    success: ({ id }) => `Drift #${id} acknowledged: live accepts resume`,
    failure: () => ACKNOWLEDGE_FAILED,
  });
}
