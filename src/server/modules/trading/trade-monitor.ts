/**
 * The trade monitor (a worker task, every market minute): for each open trade, the exit it would
 * get now on the pair's order book; the trade closes at its stop-loss, at its auto-close profit
 * (net, after the exit's fee and slippage) or at the offer's expiration, and otherwise its
 * unrealised profit is stored for the trades list.
 *
 * Closing is claim → execute → settle. The claim is a conditional UPDATE of `close_claimed_at` (a
 * lease of CLOSE_LEASE_MS), so of two monitor processes only one executes a trade's exit; the settle
 * transaction closes the trade only while this monitor still holds the lease, books the result in
 * the ledger, takes the automatic tip and records the offer's result. A failed exit keeps the trade
 * open for the next tick (the lease is given back, unless the exchange may have filled it: then it
 * waits out the lease so an operator can look first).
 */
import { createHash } from 'node:crypto';
import { ExecutionError, EXECUTION_BOOK_DEPTH, type Fill } from '../../providers/execution';
import type { OrderBook } from '../../providers/market/market-source';
import { failUnfilledTrade } from './trade-failure';
import { closeReasonOf, estimateExit } from './trade-marks';
import { oppositeSide, profitOf } from './trade-maths';
import { publishTradeChange, type TradablePair, type TradingContext } from './trading-context';
import type { TradeRow } from './trading.repo';

export const CLOSE_LEASE_MS = 2 * 60_000;
/** An entry order unanswered this long belonged to a process that stopped mid-accept. */
export const UNFILLED_AFTER_MS = 5 * 60_000;

export interface MonitorResult {
  checked: number;
  closed: number;
  /** Exits that failed or could not be settled; those trades stay open. */
  failed: number;
}

type CloseReason = 'auto_close' | 'stop_loss' | 'expired';

export async function runTradeMonitor(ctx: TradingContext): Promise<MonitorResult> {
  const open = await ctx.repo.openTrades();
  await settleUnfilled(ctx, open.filter((t) => t.filledAt === null));
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
        ctx.now(),
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

function positionOf(trade: TradeRow) {
  const quantity = Number(trade.quantity);
  return {
    side: trade.side,
    amountCents: trade.amountCents,
    quantity,
    entry: { quote: Number(trade.entryPrice) * quantity, fee: Number(trade.entryFee ?? 0) },
  };
}

/** The exit order's client id: a UUID derived from the trade's (Kraken takes UUIDs as cl_ord_id). */
export function closeOrderId(tradeId: string): string {
  const hex = createHash('sha256').update(`${tradeId}:close`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function closeTrade(
  ctx: TradingContext,
  input: { trade: TradeRow; reason: CloseReason; pair: TradablePair | undefined },
): Promise<'closed' | 'skipped' | 'failed'> {
  const { trade, reason } = input;
  const claimedAt = new Date(ctx.now().getTime());
  if (!(await ctx.repo.claimClose(trade.id, claimedAt, new Date(claimedAt.getTime() - CLOSE_LEASE_MS))))
    return 'skipped';

  let fill: Fill;
  try {
    fill = await ctx.executor.marketOrder({
      symbol: trade.pair,
      exchangeSymbol: input.pair?.krakenSymbol ?? trade.pair.replace('/', ''),
      side: oppositeSide(trade.side),
      quantity: Number(trade.quantity),
      clientOrderId: closeOrderId(trade.id),
    });
  } catch (error) {
    const unknown = error instanceof ExecutionError && error.outcomeUnknown;
    if (!unknown) await ctx.repo.releaseClaim(trade.id, claimedAt);
    await logFailure(ctx, trade.pair, trade.id, `exit (${reason}) failed: ${messageOf(error)}`);
    return 'failed';
  }

  try {
    const settled = await settleClose(ctx, { trade, reason, fill, claimedAt });
    if (!settled) {
      await logFailure(ctx, trade.pair, trade.id, 'exit filled but the close lease was lost; check the position');
      return 'failed';
    }
    publishTradeChange(ctx, settled.row, settled.balances);
    return 'closed';
  } catch (error) {
    // The exit filled but nothing was booked: the lease stays, so no second exit before it expires.
    await logFailure(ctx, trade.pair, trade.id, `exit filled but settling failed: ${messageOf(error)}`);
    return 'failed';
  }
}

async function settleClose(
  ctx: TradingContext,
  input: { trade: TradeRow; reason: CloseReason; fill: Fill; claimedAt: Date },
) {
  const { trade, reason, fill, claimedAt } = input;
  const { userId, amountCents } = trade;
  const position = positionOf(trade);
  const exit = { quote: fill.averagePrice * fill.quantity, fee: fill.feeQuote };
  const profit = profitOf({ side: trade.side, amountCents, entry: position.entry, exit });
  const { autoTipPercent } = await ctx.autoTrading(userId);
  const p = profit.profitCents;

  return ctx.ledger.transact(async (tx) => {
    const row = await ctx.repo.close(tx, trade.id, claimedAt, {
      exitPrice: String(fill.averagePrice),
      exitFee: String(fill.feeQuote),
      exitOrderId: fill.orderId,
      feeCents: Math.round((position.entry.fee + exit.fee) * 100),
      profitCents: p,
      profitPercent: profit.profitPercent,
      closeReason: reason,
      closedAt: ctx.now(),
    });
    if (!row) return null;
    const before = await ctx.ledger.balances(userId, tx);
    await ctx.ledger.post(tx, {
      tradeId: trade.id,
      legs: [
        { userId, account: 'user_positions', amountCents: -amountCents, kind: 'trade_close' },
        ...(amountCents + p !== 0
          ? [{ userId, account: 'user_available' as const, amountCents: amountCents + p, kind: 'trade_close' as const }]
          : []),
        ...(p !== 0 ? [{ system: 'external_market' as const, amountCents: -p, kind: 'trade_close' as const }] : []),
      ],
    });
    const tipCents = p > 0 ? Math.floor((p * autoTipPercent) / 100) : 0;
    if (tipCents > 0) await ctx.recordAutoTip(tx, { userId, tradeId: trade.id, amountCents: tipCents });
    if (row.offerId)
      await ctx.offers.recordTradeResult(tx, { userId, offerId: row.offerId, profitPercent: profit.profitPercent });
    const after = await ctx.ledger.balances(userId, tx);
    await ctx.logs.audit(
      {
        userId,
        action: 'trade.close',
        details: { tradeId: trade.id, reason, amountCents, profitCents: p, tipCents, before, after },
      },
      tx,
    );
    return { row, balances: after };
  });
}

/** Open trades whose entry order never answered (their process stopped mid-accept). */
async function settleUnfilled(ctx: TradingContext, unfilled: TradeRow[]): Promise<void> {
  const cutoff = ctx.now().getTime() - UNFILLED_AFTER_MS;
  for (const trade of unfilled) {
    if (trade.openedAt.getTime() > cutoff) continue;
    if (ctx.executor.name !== 'paper') {
      // A real order may exist under the trade's id: an operator must look before money moves.
      await logFailure(ctx, trade.pair, trade.id, 'entry order never answered; check the exchange');
      continue;
    }
    const settled = await ctx.ledger.transact((tx) =>
      failUnfilledTrade(ctx, tx, trade, 'the entry order was interrupted'),
    );
    if (settled) publishTradeChange(ctx, settled.row, settled.balances);
  }
}

async function logFailure(ctx: TradingContext, pair: string, tradeId: string | null, error: string) {
  ctx.log.error({ pair, tradeId }, `trade monitor: ${error}`);
  await ctx.logs
    .action({ pair, action: 'trade-monitor', status: 'error', details: { error, tradeId } })
    .catch(() => undefined);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
