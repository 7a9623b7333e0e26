/**
 * Orders whose outcome the exchange did not tell: never guessed. An entry whose answer was lost
 * (a timeout, a cut connection after sending) leaves the trade open with its entry in positions
 * and `unknown_order` set; the trader sees 'Order status unknown — checking with the exchange'.
 * Each monitor tick then asks the executor to find the order by its client id (the trade's id
 * for an entry, closeOrderId for an exit):
 * - filled (in whole or in part): booked as the fill the exchange reports;
 * - absent (closed with nothing filled, or found nowhere after its deadline): an entry fails and
 *   its amount goes back to available; an exit's lease is given back and the next tick exits anew;
 * - pending: the trade keeps waiting.
 * The same lookup covers a process that died mid-order: an entry never filled after
 * UNFILLED_AFTER_MS, an exit written down at its claim and not settled within CLOSE_LEASE_MS.
 */
import type { AcceptOfferResponse } from '../../../contract/offers';
import type { ExecutionError, OrderLookup } from '../../providers/execution';
import { toDollars } from '../../shared/money';
import type { IdempotencyScope, UserBalances } from '../ledger/ledger.service';
import {
  bookExit,
  CLOSE_LEASE_MS,
  closeOrderId,
  exchangeSymbolOf,
  logFailure,
  messageOf,
} from './close-trade';
import { toTrade } from './trade-dto';
import { failUnfilledTrade } from './trade-failure';
import { oppositeSide } from './trade-maths';
import { publishTradeChange, type TradingContext } from './trading-context';
import { storedFillOf, type TradeRow } from './trading.repo';

/** An entry order unanswered this long belonged to a process that stopped mid-accept. */
export const UNFILLED_AFTER_MS = 5 * 60_000;

const PROCESS_STOPPED = 'the process that sent it stopped before its answer';

/**
 * Step C of an accept whose order may have traded: the trade waits for the lookup, the answer is
 * a 202 with the trade in that state (stored for the Idempotency-Key in the same transaction).
 */
export async function holdForLookup(
  ctx: TradingContext,
  input: { trade: TradeRow; balances: UserBalances; error: ExecutionError; scope?: IdempotencyScope },
): Promise<AcceptOfferResponse> {
  const { trade, error, scope } = input;
  ctx.log.error({ err: error, tradeId: trade.id, pair: trade.pair }, 'entry order outcome unknown');
  const { row, response } = await ctx.ledger.transact(async (tx) => {
    const held = await ctx.repo.markOrderUnknown(
      trade.id,
      { leg: 'entry', error: error.message, lostAt: ctx.now().toISOString() },
      tx,
    );
    if (!held) throw new Error(`trade ${trade.id} stopped being open while its entry order ran`);
    const answer = { trade: toTrade(held), balance: toDollars(input.balances.availableCents) };
    await ctx.logs.audit(
      {
        userId: trade.userId,
        action: 'trade.order_unknown',
        details: { tradeId: trade.id, leg: 'entry', error: error.message },
      },
      tx,
    );
    if (scope) await ctx.ledger.idempotency.answer(scope, 202, answer, tx);
    return { row: held, response: answer };
  });
  publishTradeChange(ctx, row);
  return response;
}

/** The monitor's pass over open trades with an order to look up. */
export async function resolveUnknownOrders(ctx: TradingContext, open: TradeRow[]): Promise<void> {
  const now = ctx.now().getTime();
  for (const trade of open) {
    const leg = legToLookUp(trade, now);
    if (!leg) continue;
    try {
      await resolve(ctx, trade, leg, now);
    } catch (error) {
      await logFailure(ctx, trade.pair, trade.id, `looking up the ${leg} order failed: ${messageOf(error)}`);
    }
  }
}

function legToLookUp(trade: TradeRow, now: number): 'entry' | 'exit' | null {
  const unknown = trade.unknownOrder;
  if (trade.filledAt === null)
    return unknown?.error || trade.openedAt.getTime() < now - UNFILLED_AFTER_MS ? 'entry' : null;
  if (unknown?.leg !== 'exit') return null;
  const claimedAt = trade.closeClaimedAt?.getTime() ?? 0;
  return unknown.error || claimedAt < now - CLOSE_LEASE_MS ? 'exit' : null;
}

async function resolve(ctx: TradingContext, trade: TradeRow, leg: 'entry' | 'exit', now: number) {
  const unknown = trade.unknownOrder;
  const sentAt = leg === 'entry' ? trade.openedAt : (trade.closeClaimedAt ?? trade.openedAt);
  const pair = await ctx.market.pairBySymbol(trade.pair);
  const lookup = await ctx.executor.lookupOrder({
    symbol: trade.pair,
    exchangeSymbol: exchangeSymbolOf(trade, pair),
    side: leg === 'entry' ? trade.side : oppositeSide(trade.side),
    clientOrderId: leg === 'entry' ? trade.id : closeOrderId(trade.id, sentAt),
    sentAt: sentAt.getTime(),
    lostAt: unknown?.lostAt ? Date.parse(unknown.lostAt) : now,
  });
  if (lookup.state === 'pending') {
    // A process that died mid-order left no error: now the trader sees the trade is waiting.
    if (unknown?.error) return;
    const row = await ctx.repo.markOrderUnknown(trade.id, {
      ...unknown,
      leg,
      error: PROCESS_STOPPED,
      lostAt: new Date(now).toISOString(),
    });
    if (row) publishTradeChange(ctx, row);
    return;
  }
  await audit(ctx, trade, leg, lookup);
  if (leg === 'entry') await resolveEntry(ctx, trade, lookup);
  else await resolveExit(ctx, trade, lookup, sentAt);
}

async function resolveEntry(
  ctx: TradingContext,
  trade: TradeRow,
  lookup: Exclude<OrderLookup, { state: 'pending' }>,
) {
  if (lookup.state === 'filled') {
    // The first mark of closing now comes with the monitor's next pass.
    const row = await ctx.repo.storeFill(trade.id, storedFillOf(lookup.fill, 0));
    publishTradeChange(ctx, row, undefined, 'trade.opened');
    return;
  }
  const settled = await ctx.ledger.transact((tx) =>
    failUnfilledTrade(ctx, tx, trade, `the entry order did not trade: ${lookup.reason}`),
  );
  if (settled) publishTradeChange(ctx, settled.row, settled.balances);
}

async function resolveExit(
  ctx: TradingContext,
  trade: TradeRow,
  lookup: Exclude<OrderLookup, { state: 'pending' }>,
  claimedAt: Date,
) {
  if (lookup.state === 'filled') {
    const reason = trade.unknownOrder?.closeReason ?? 'expired';
    await bookExit(ctx, { trade, reason, fill: lookup.fill, claimedAt });
    return;
  }
  // It never traded: the position is still held, and the next tick sends a new exit.
  const row = await ctx.repo.releaseClaim(trade.id, claimedAt);
  if (row) publishTradeChange(ctx, row);
}

function audit(
  ctx: TradingContext,
  trade: TradeRow,
  leg: 'entry' | 'exit',
  lookup: Exclude<OrderLookup, { state: 'pending' }>,
) {
  return ctx.logs.audit({
    userId: trade.userId,
    action: 'trade.order_resolved',
    details: {
      tradeId: trade.id,
      leg,
      found: lookup.state,
      ...(lookup.state === 'filled'
        ? { orderId: lookup.fill.orderId, quantity: lookup.fill.quantity }
        : { reason: lookup.reason }),
    },
  });
}
