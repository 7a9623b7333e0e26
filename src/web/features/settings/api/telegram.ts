import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createTelegramLinkCodeEndpoint,
  telegramStatusEndpoint,
  unlinkTelegramEndpoint,
} from '../../../../contract/telegram';
import { apiRequest } from '../../../lib/api-client';
import { endpointPath } from '../../../lib/endpoint-path';

export const TELEGRAM_LOAD_ERROR = 'Could not load your Telegram link';
export const telegramKey = ['settings', 'telegram'] as const;
/** While a link code is shown, the link is read this often, so the card turns 'Linked' by itself. */
export const TELEGRAM_LINK_POLL_MS = 3_000;

/** Whether the server has a bot, its name, and the caller's link; read often while `waiting` for it. */
export function useTelegramStatus(waiting = false, pollMs = TELEGRAM_LINK_POLL_MS) {
  return useQuery({
    queryKey: telegramKey,
    queryFn: ({ signal }) =>
      apiRequest(endpointPath(telegramStatusEndpoint), {
        schema: telegramStatusEndpoint.response,
        fallbackError: TELEGRAM_LOAD_ERROR,
        signal,
      }),
    refetchInterval: (query) => (waiting && !query.state.data?.link ? pollMs : false),
  });
}

/** A new one-time code (shown once; an earlier code stops working). */
export function useCreateTelegramLinkCode() {
  return useMutation({
    mutationFn: () =>
      apiRequest(endpointPath(createTelegramLinkCodeEndpoint), {
        method: 'POST',
        schema: createTelegramLinkCodeEndpoint.response,
        fallbackError: 'Could not make a link code',
      }),
  });
}

export function useUnlinkTelegram() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(endpointPath(unlinkTelegramEndpoint), {
        method: 'DELETE',
        schema: unlinkTelegramEndpoint.response,
        fallbackError: 'Could not unlink Telegram',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: telegramKey }),
  });
}
