import { paymentResultSchema, tipEndpoint, type TipInput } from '../../../../contract/payments';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useMoneyMutation } from './use-money-mutation';

export const TIP_FAILED = 'Tip failed';

/** A manual tip to the platform (`auto: false`; automatic tips are taken by the server on close). */
export function postTip(input: TipInput, idempotencyKey: string) {
  return apiRequest(endpointPath(tipEndpoint), {
    method: 'POST',
    body: { ...input, auto: false },
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: paymentResultSchema,
    fallbackError: TIP_FAILED,
  });
}

export function useTip() {
  return useMoneyMutation(postTip);
}
