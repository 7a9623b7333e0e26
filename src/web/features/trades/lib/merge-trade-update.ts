import type { TradeUpdateEvent } from '../../../../contract/events';
import type { ListTradesResponse } from '../../../../contract/trades';

/**
 * Merges the changed fields of one trade into a loaded page (trader spec 4: "live updates merge
 * changes into the row"). `found` is false when the trade is not on this page, e.g. one just opened.
 * Returns the same list object when nothing changed, so React Query keeps its cached reference.
 */
export function mergeTradeUpdate(
  list: ListTradesResponse,
  update: TradeUpdateEvent,
): { list: ListTradesResponse; found: boolean } {
  const index = list.trades.findIndex((trade) => trade.id === update.id);
  if (index < 0) return { list, found: false };
  const changes = Object.fromEntries(Object.entries(update).filter(([, value]) => value !== undefined));
  const trades = list.trades.slice();
  trades[index] = { ...list.trades[index]!, ...changes };
  return { list: { ...list, trades }, found: true };
}
