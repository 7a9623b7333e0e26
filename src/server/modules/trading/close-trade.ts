/**
 * Closing one trade: claim → execute → settle. The claim is a conditional UPDATE of
 * `close_claimed_at` (a lease of CLOSE_LEASE_MS), so of two monitor processes only one executes a
 * trade's exit; the settle transaction closes the trade only while this monitor still holds the
 * lease, books the result in the ledger (positions −x, available +(x+p), market −p), takes the
 * automatic tip of a profit and records the offer's result. A failed exit keeps the trade open for
 * the next tick (the lease is given back); an exit whose outcome is not known keeps the lease and
 * waits for order-lookup.ts to find it by its client id, so a second exit is never sent blind.
 */
import { createHash } from 'node:crypto';
import { ExecutionError, type Fill } from '../../providers/execution';
import { oppositeSide, profitOf } from './trade-maths';
import { publishTradeChange, type TradablePair, type TradingContext } from './trading-context';
import type { TradeRow } from './trading.repo';

export const CLOSE_LEASE_MS = 2 * 60_000;

export type CloseReason = 'auto_close' | 'stop_loss' | 'expired';

/** The trade as the P&L maths sees it (trade-maths.ts). */
export function positionOf(trade: TradeRow) {
  const quantity = Number(trade.quantity);
  return {
    side: trade.side,
    amountCents: trade.amountCents,
    quantity,
    entry: { quote: Number(trade.entryPrice) * quantity, fee: Number(trade.entryFee ?? 0) },
  };
}

/**
 * The exit order's client id: a UUID derived from the trade's and the claim's time (Kraken takes
 * UUIDs as cl_ord_id), so each attempt has its own and a lookup finds exactly that attempt.
 */
export function closeOrderId(tradeId: string, claimedAt: Date): string {
  const hex = createHash('sha256').update(`${tradeId}:close:${claimedAt.toISOString()}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export async function closeTrade(
  ctx: TradingContext,
  input: { trade: TradeRow; reason: CloseReason; pair: TradablePair | undefined },
): Promise<'closed' | 'skipped' | 'failed'> {
  const { trade, reason } = input;
  const claimedAt = new Date(ctx.now().getTime());
  const staleBefore = new Date(claimedAt.getTime() - CLOSE_LEASE_MS);
  if (!(await ctx.repo.claimClose(trade.id, claimedAt, staleBefore, reason))) return 'skipped';

  let fill: Fill;
  try {
    fill = await ctx.executor.marketOrder({
      symbol: trade.pair,
      exchangeSymbol: exchangeSymbolOf(trade, input.pair),
      side: oppositeSide(trade.side),
      quantity: Number(trade.quantity),
      clientOrderId: closeOrderId(trade.id, claimedAt),
    });
  } catch (error) {
    if (error instanceof ExecutionError && error.outcomeUnknown) {
      const row = await ctx.repo.markOrderUnknown(trade.id, {
        leg: 'exit',
        closeReason: reason,
        error: messageOf(error),
        lostAt: ctx.now().toISOString(),
      });
      if (row) publishTradeChange(ctx, row);
    } else await ctx.repo.releaseClaim(trade.id, claimedAt);
    await logFailure(ctx, trade.pair, trade.id, `exit (${reason}) failed: ${messageOf(error)}`);
    return 'failed';
  }
  return bookExit(ctx, { trade, reason, fill, claimedAt });
}

/** The pair as the exchange names it (a deleted pair's trade falls back to its symbol's letters). */
export function exchangeSymbolOf(trade: TradeRow, pair: TradablePair | undefined): string {
  return pair?.krakenSymbol ?? trade.pair.replace('/', '');
}

/** The exit filled: books it under the lease that sent it. */
export async function bookExit(
  ctx: TradingContext,
  input: { trade: TradeRow; reason: CloseReason; fill: Fill; claimedAt: Date },
): Promise<'closed' | 'failed'> {
  const { trade } = input;
  try {
    const settled = await settleClose(ctx, input);
    if (!settled) {
      await logFailure(
        ctx,
        trade.pair,
        trade.id,
        'exit filled but the close lease was lost; check the position',
      );
      return 'failed';
    }
    publishTradeChange(ctx, settled.row, settled.balances, 'trade.closed');
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
    const posted = await ctx.ledger.post(tx, {
      tradeId: trade.id,
      legs: [
        { userId, account: 'user_positions', amountCents: -amountCents, kind: 'trade_close' },
        ...(amountCents + p !== 0
          ? [
              {
                userId,
                account: 'user_available' as const,
                amountCents: amountCents + p,
                kind: 'trade_close' as const,
              },
            ]
          : []),
        ...(p !== 0
          ? [{ system: 'external_market' as const, amountCents: -p, kind: 'trade_close' as const }]
          : []),
      ],
    });
    const tipCents = p > 0 ? Math.floor((p * autoTipPercent) / 100) : 0;
    if (tipCents > 0) await ctx.recordAutoTip(tx, { userId, tradeId: trade.id, amountCents: tipCents });
    if (row.offerId)
      await ctx.offers.recordTradeResult(tx, {
        userId,
        offerId: row.offerId,
        profitPercent: profit.profitPercent,
      });
    const before = posted.before(userId);
    // A tip is a movement of its own after this one: then the balances are read again.
    const after = tipCents > 0 ? await ctx.ledger.balances(userId, tx) : posted.after(userId);
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

export async function logFailure(ctx: TradingContext, pair: string, tradeId: string | null, error: string) {
  ctx.log.error({ pair, tradeId }, `trade monitor: ${error}`);
  await ctx.logs
    .action({ pair, action: 'trade-monitor', status: 'error', details: { error, tradeId } })
    .catch(() => undefined);
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
