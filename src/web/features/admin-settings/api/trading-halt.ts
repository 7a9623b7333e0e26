import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  adminTradingHaltEndpoint,
  adminTradingHaltSchema,
  haltTradingEndpoint,
  resumeTradingEndpoint,
} from '../../../../contract/trading-halt';
import { useAdminMutation } from '../../../lib/admin-mutation';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { settingsKeys } from './query-keys';

export const TRADING_HALT_LOAD_ERROR = 'Failed to load the kill switch';
export const HALT_FAILED = 'Failed to halt trading';
export const RESUME_FAILED = 'Failed to resume trading';

export function getAdminTradingHalt(signal?: AbortSignal) {
  return apiRequest(endpointPath(adminTradingHaltEndpoint), {
    schema: adminTradingHaltSchema,
    fallbackError: TRADING_HALT_LOAD_ERROR,
    signal,
  });
}

export const adminTradingHaltQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.tradingHalt, queryFn: ({ signal }) => getAdminTradingHalt(signal) });

/** Who halted new accepts, when and why; or that trading runs. */
export function useAdminTradingHalt() {
  return useQuery(adminTradingHaltQueryOptions());
}

/** Halts every new accept (or replaces the reason of the halt in force); toasts and refetches. */
export function useHaltTrading() {
  return useAdminMutation({
    run: (reason: string) =>
      apiRequest(endpointPath(haltTradingEndpoint), {
        method: 'POST',
        body: { reason },
        schema: adminTradingHaltSchema,
        fallbackError: HALT_FAILED,
      }),
    success: () => 'Trading halted',
    failure: () => HALT_FAILED,
  });
}

export function useResumeTrading() {
  return useAdminMutation({
    run: () =>
      apiRequest(endpointPath(resumeTradingEndpoint), {
        method: 'POST',
        body: {},
        schema: adminTradingHaltSchema,
        fallbackError: RESUME_FAILED,
      }),
    success: () => 'Trading resumed',
    failure: () => RESUME_FAILED,
  });
}
