import { depositEndpoint, paymentResultSchema, type DepositInput } from '../../../../contract/payments';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useMoneyMutation } from './use-money-mutation';

export const DEPOSIT_FAILED = 'Deposit request failed';

/** Charges the card; a decline answers with the provider's reason as `error`. */
export function postDeposit(input: DepositInput, idempotencyKey: string) {
  return apiRequest(endpointPath(depositEndpoint), {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: paymentResultSchema,
    fallbackError: DEPOSIT_FAILED,
  });
}

export function useDeposit() {
  return useMoneyMutation(postDeposit);
}
