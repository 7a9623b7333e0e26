import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocketEvent } from '../../../lib/use-socket';
import type { AppSocket } from '../../../lib/socket';
import { offersKeys } from '../api/query-keys';

/**
 * The kill switch on the offers screen's socket: each `trading_halt` replaces the state shown, and
 * after a reconnect it is read again, since a halt or resume may have gone by while disconnected.
 */
export function useLiveTradingHalt(socket: AppSocket): void {
  const queryClient = useQueryClient();
  useSocketEvent(socket, 'trading_halt', (halt) => queryClient.setQueryData(offersKeys.halt, halt));
  useEffect(() => {
    const reread = () => void queryClient.invalidateQueries({ queryKey: offersKeys.halt });
    socket.io.on('reconnect', reread);
    return () => {
      socket.io.off('reconnect', reread);
    };
  }, [socket, queryClient]);
}
