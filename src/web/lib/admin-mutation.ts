import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { apiRequest, serverErrorMessage } from './api-client';
import { endpointPath } from './endpoint-path';

/*
 * What every back-office screen shares about changing data (admin spec 4): one query key prefix
 * for every admin list, and one shape of change (toast, then refetch them all).
 */

/** Every admin list lives under this key, so one invalidation after a mutation refetches them all. */
export const ADMIN_QUERY_KEY = ['admin'] as const;

interface AdminMutationOptions<V, D> {
  run: (variables: V) => Promise<D>;
  success: (variables: V, data: D) => string;
  /** The spec's fallback text when the server gives no `error`. */
  failure: (variables: V) => string;
  /** Shows the success text; a plain success toast unless the change has a toast of its own. */
  announce?: (text: string, variables: V) => void;
}

/**
 * A back-office change: toasts the spec's success text, or the server's error (else the fallback),
 * and refetches every admin list after success (admin spec 4).
 */
export function useAdminMutation<V, D = unknown>({
  run,
  success,
  failure,
  announce = (text) => toast.success(text),
}: AdminMutationOptions<V, D>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (data, variables) => {
      announce(success(variables, data), variables);
      return client.invalidateQueries({ queryKey: ADMIN_QUERY_KEY });
    },
    onError: (error, variables) => {
      toast.error(serverErrorMessage(error, failure(variables)));
    },
  });
}

/** A POST to a contract endpoint; the server's `error` (else `fallback`) becomes the thrown message. */
export function adminPost(endpoint: { path: string }, body: unknown, fallback: string, params = {}) {
  return apiRequest(endpointPath(endpoint, params), { method: 'POST', body, fallbackError: fallback });
}
