/**
 * The trade monitor (a worker task, every market minute): for each open trade, the exit it would
 * get now on the pair's order book; the trade closes at its stop-loss, at its auto-close profit
 * (net, after the exit's fee and slippage) or at the offer's expiration (close-trade.ts), and
 * otherwise its unrealised profit is stored for the trades list. Several monitors may run at once.
 */
import { EXECUTION_BOOK_DEPTH } from '../../providers/execution';
import type { OrderBook } from '../../providers/market/market-source';
import { closeTrade, logFailure, messageOf, positionOf } from './close-trade';
import { closeReasonOf, estimateExit } from './trade-marks';
import type { TradingContext } from './trading-context';
import type { TradeRow } from './trading.repo';
import { resolveUnknownOrders } from './unknown-orders';

export { CLOSE_LEASE_MS, closeOrderId } from './close-trade';

export interface MonitorResult {
  checked: number;
  closed: number;
  /** Exits that failed or could not be settled; those trades stay open. */
  failed: number;
}

export async function runTradeMonitor(ctx: TradingContext): Promise<MonitorResult> {
  const open = await ctx.repo.openTrades();
  await resolveUnknownOrders(ctx, open);
  const result: MonitorResult = { checked: 0, closed: 0, failed: 0 };
  const marks: { id: string; profitPercent: number }[] = [];

  const byPair = new Map<string, TradeRow[]>();
  for (const trade of open) {
    if (trade.filledAt === null) continue;
    byPair.set(trade.pair, [...(byPair.get(trade.pair) ?? []), trade]);
  }
  for (const [symbol, trades] of byPair) {
    let book: OrderBook;
    try {
      book = await ctx.source.fetchOrderBook(symbol, EXECUTION_BOOK_DEPTH);
    } catch (error) {
      await logFailure(ctx, symbol, null, `no order book: ${messageOf(error)}`);
      continue;
    }
    const pair = await ctx.market.pairBySymbol(symbol);
    for (const trade of trades) {
      result.checked += 1;
      const estimate = estimateExit(book, positionOf(trade), ctx.takerFeePercent);
      const reason = closeReasonOf(
        {
          side: trade.side,
          stopLossPrice: trade.stopLossPrice === null ? null : Number(trade.stopLossPrice),
          autoCloseProfitPercent: trade.autoCloseProfitPercent,
          expiresAt: trade.expiresAt,
        },
        book,
        estimate,
        // The offer's expiration was set on the market's clock (SIM_SPEED times the wall's on the
        // simulated market), so it is judged on that clock.
        new Date(ctx.source.now()),
      );
      if (reason) {
        const closed = await closeTrade(ctx, { trade, reason, pair });
        if (closed === 'closed') result.closed += 1;
        if (closed === 'failed') result.failed += 1;
      } else if (estimate && estimate.profitPercent !== trade.profitPercent) {
        marks.push({ id: trade.id, profitPercent: estimate.profitPercent });
      }
    }
  }
  await ctx.repo.updateMarks(marks);
  return result;
}
