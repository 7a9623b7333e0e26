import { toast } from 'react-toastify';

/** One toast for pair changes: a sync or bulk action announces many pairs at once. */
export const PAIR_UPDATES_TOAST = 'pair-updates';

/** The text the pair-updates toast was last given. */
let shownText = '';

/**
 * 'Pair {pair} updated' (admin spec: success after a toggle, info on the socket's pair_updates) in
 * the one pair-updates toast. The admin who toggles a pair hears of it twice, from the call's answer
 * and from the socket, in either order: a text the toast already shows is not shown again, and
 * another pair re-words it.
 */
export function toastPairUpdated(pair: string, type: 'success' | 'info'): void {
  const text = `Pair ${pair} updated`;
  if (!toast.isActive(PAIR_UPDATES_TOAST)) toast[type](text, { toastId: PAIR_UPDATES_TOAST });
  else if (text !== shownText) toast.update(PAIR_UPDATES_TOAST, { render: text, type });
  shownText = text;
}
