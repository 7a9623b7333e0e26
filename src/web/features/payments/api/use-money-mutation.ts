import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BalanceResponse, PaymentResult } from '../../../../contract/payments';
import { createIdempotencyKeys, isOutcomeUnknown } from '../../../lib/idempotency-key';
import { paymentsKeys } from './query-keys';

/**
 * A money-moving POST of this screen. Each submission carries an Idempotency-Key; when its outcome
 * is unknown (no answer, 5xx, 409 still in flight) it is retried once with the same key, and a
 * resubmit of the same values keeps that key too, so money never moves twice. Afterwards the
 * balance and the history are refetched, also after a failure (a declined deposit is recorded).
 */
export function useMoneyMutation<I>(post: (input: I, idempotencyKey: string) => Promise<PaymentResult>) {
  const queryClient = useQueryClient();
  const [keys] = useState(() => createIdempotencyKeys());
  return useMutation({
    mutationFn: (input: I) => post(input, keys.keyFor(input)),
    retry: (failureCount, error) => failureCount < 1 && isOutcomeUnknown(error),
    onSuccess: (result) => {
      queryClient.setQueryData<BalanceResponse>(paymentsKeys.balance, (current) =>
        current ? { ...current, balance: result.balance } : current,
      );
    },
    onSettled: async (_result, error) => {
      keys.settle(error);
      await queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
    },
  });
}
