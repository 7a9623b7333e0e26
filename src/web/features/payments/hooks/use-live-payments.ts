import { useQueryClient } from '@tanstack/react-query';
import type { BalanceResponse } from '../../../../contract/payments';
import { useSocket, useSocketEvent } from '../../../lib/use-socket';
import { paymentsKeys } from '../api/query-keys';

/**
 * Keeps the screen current while it is open: `balance_update` carries the new balances (set at
 * once) after any movement, including an admin's decision on a withdrawal; a `trade_update`
 * (a trade opened or closed, maybe with an automatic tip) changes the history too.
 */
export function useLivePayments(): void {
  const queryClient = useQueryClient();
  const socket = useSocket();

  useSocketEvent(socket, 'balance_update', (balances) => {
    queryClient.setQueryData<BalanceResponse>(paymentsKeys.balance, balances);
    void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
  });
  useSocketEvent(socket, 'trade_update', () => {
    void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
  });
}
