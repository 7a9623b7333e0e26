import { paymentResultSchema, withdrawalEndpoint, type WithdrawalInput } from '../../../../contract/payments';
import { apiRequest } from '../../../lib/api-client';
import { useConfirmSecondFactor } from '../../../lib/auth/second-factor-context';
import { retryWithSecondFactor } from '../../../lib/auth/second-factor-retry';
import { endpointPath } from '../../../lib/endpoint-path';
import { IDEMPOTENCY_HEADER } from '../../../lib/idempotency-key';
import { useMoneyMutation } from './use-money-mutation';

export const WITHDRAWAL_FAILED = 'Withdrawal request failed';

/** Moves the amount to held; it stays pending until an admin approves or rejects it. */
export function postWithdrawal(input: WithdrawalInput, idempotencyKey: string) {
  return apiRequest(endpointPath(withdrawalEndpoint), {
    method: 'POST',
    body: input,
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
    schema: paymentResultSchema,
    fallbackError: WITHDRAWAL_FAILED,
  });
}

/** With two-factor on and no code in the last 10 minutes, the user is asked for one first. */
export function useWithdrawal() {
  const confirm = useConfirmSecondFactor();
  return useMoneyMutation((input: WithdrawalInput, idempotencyKey: string) =>
    retryWithSecondFactor(confirm, () => postWithdrawal(input, idempotencyKey)),
  );
}
