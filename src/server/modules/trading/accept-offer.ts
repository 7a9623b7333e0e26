/**
 * POST /api/offers/:id/accept. Checks first, nothing moved: offer live and not acted on, price not
 * past its stop-loss, entry ≤ available, this entry's fill, minimum order and net expected profit,
 * the guardrails — their figures read in one statement (queries/accept-facts.query.ts) — and the
 * kill switch (cached) and, with a live executor, reconciliation's pause. Then three short steps,
 * never an external call inside a transaction:
 *   A. one statement (`open_trade_checked`, migration 0019, around 0016's `open_trade`): the kill
 *      switch under a share lock of the settings row and the Free plan's monthly limit under a
 *      lock of the trader's own, then the acceptance recorded, the trade inserted
 *      `open` with the estimated fill, the entry moved available → positions (a concurrent burst
 *      spends exactly what there is: the ledger locks the accounts), the open-trade limit re-checked
 *      under that lock, the audit row;
 *   B. the market order (clientOrderId = trade id), outside any transaction;
 *   C. one statement (`store_trade_fill`): the real fill stored and the idempotency answer
 *      `{ trade, balance }`; or, if the order failed, one transaction: the trade `failed`, the entry
 *      returned, and the 502 answer stored; or, if the exchange's answer was lost (the order may
 *      have traded), the trade waits with its entry in positions and the answer is a 202 while
 *      the order is looked up (unknown-orders.ts).
 */
import type { AcceptOfferInput, AcceptOfferResponse } from '../../../contract/offers';
import { calendarMonthOf, FREE_MONTHLY_ACCEPTS, freeLimitMessage } from '../../../contract/billing';
import { PREFERENCE_DEFAULTS } from '../../../contract/preferences';
import { tradingHaltedMessage } from '../../../contract/trading-halt';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { EXECUTION_BOOK_DEPTH, ExecutionError, type Fill } from '../../providers/execution';
import type { OrderBook } from '../../providers/market/market-source';
import type { IdempotencyScope, UserBalances } from '../ledger/ledger.service';
import { findPgError } from '../../db/errors';
import {
  ALREADY_ACTED,
  OFFER_UNAVAILABLE,
  offerForAccept,
  type OfferForAccept,
} from '../offers/offers.service';
import { checkGuardrails } from './check-guardrails';
import { startOfUtcDay } from './guardrails';
import { readAcceptFacts } from './queries/accept-facts.query';
import { checkStopLoss, planEntry, type EntryPlan } from './entry-checks';
import { estimateExit } from './trade-marks';
import { toTrade } from './trade-dto';
import { failUnfilledTrade } from './trade-failure';
import { holdForLookup } from './unknown-orders';
import { stopLossPrice } from './trade-maths';
import { formatDollars, toDollars } from '../../shared/money';
import { publishTradeChange, type TradingContext } from './trading-context';
import { PLAN_LIMIT_STATUS, refuseWhileHalted, TRADING_HALTED_STATUS } from './trading-halt';
import { storedFillOf, type TradeRow } from './trading.repo';

export const insufficientBalance = (availableCents: number, entryCents: number) =>
  `Insufficient balance: available ${formatDollars(availableCents)}, entry ${formatDollars(entryCents)}`;

export async function acceptOffer(
  ctx: TradingContext,
  request: { userId: string; offerId: string; input: AcceptOfferInput; scope?: IdempotencyScope },
): Promise<AcceptOfferResponse> {
  const { userId, offerId, input } = request;
  const limits = await ctx.guardrails();
  refuseWhileHalted(await ctx.halt.tradingHalt());
  await refuseWhileLivePaused(ctx);
  const now = ctx.now();
  const facts = await readAcceptFacts(ctx.db, {
    offerId,
    userId,
    since: startOfUtcDay(now),
    closes: limits.lossStreakLimit,
  });
  if (!facts) throw notFound('Offer not found');
  const offer = offerForAccept(facts.offer, { pair: facts.pair, acted: facts.acted, now });
  if (!offer.live) throw conflict(OFFER_UNAVAILABLE);
  if (offer.acted) throw conflict(ALREADY_ACTED);
  const pair = await ctx.market.pairBySymbol(offer.pair);
  if (!pair?.active) throw conflict(OFFER_UNAVAILABLE);

  const book = await orderBook(ctx, offer.pair);
  checkStopLoss(offer, book, facts.priceRange);
  const amountCents = Math.round(input.entryAmount * 100);
  const { balances } = facts;
  const { availableCents } = balances;
  if (amountCents > availableCents) throw badRequest(insufficientBalance(availableCents, amountCents));
  const plan = planEntry(ctx, { offer, pair, amountCents, book });
  await checkGuardrails(ctx, { userId, limits, balances, facts: facts.guardrails, now }).catch(
    (refusal: unknown) => {
      // A bot or a Telegram button may be the one refused: the trader hears of it.
      if (refusal instanceof HttpError)
        ctx.announce?.(userId, {
          kind: 'guardrail.triggered',
          guardrail: { offerId, pair: offer.pair, rule: refusal.message },
        });
      throw refusal;
    },
  );
  const autoCloseProfitPercent =
    input.autoCloseProfitPercent ?? autoCloseOf(facts.defaultAutoCloseProfitPercent);

  const { row: opened, balances: after } = await openTrade(ctx, {
    userId,
    offer,
    amountCents,
    autoCloseProfitPercent,
    plan,
    limits,
  });
  ctx.offers.forgetActed(userId);

  let fill: Fill;
  try {
    if (offer.side === 'sell' && ctx.executor.name !== 'paper')
      throw new Error('spot trading cannot open a short position');
    fill = await ctx.executor.marketOrder({
      symbol: offer.pair,
      exchangeSymbol: pair.krakenSymbol,
      side: offer.side,
      quoteAmount: plan.orderQuote,
      clientOrderId: opened.id,
    });
  } catch (error) {
    if (error instanceof ExecutionError && error.outcomeUnknown)
      return holdForLookup(ctx, { trade: opened, balances: after, error, scope: request.scope });
    return failOpen(ctx, { trade: opened, error, scope: request.scope });
  }
  return storeFill(ctx, { trade: opened, balances: after, fill, book, scope: request.scope });
}

/** Live orders wait while the exchange and the books disagree (reconciliation.service.ts). */
async function refuseWhileLivePaused(ctx: TradingContext): Promise<void> {
  if (ctx.executor.name === 'paper' || !ctx.livePause) return;
  const paused = await ctx.livePause();
  if (paused) throw new HttpError(TRADING_HALTED_STATUS, paused);
}

async function orderBook(ctx: TradingContext, symbol: string): Promise<OrderBook> {
  try {
    return await ctx.source.fetchOrderBook(symbol, EXECUTION_BOOK_DEPTH);
  } catch (error) {
    ctx.log.warn({ err: error, pair: symbol }, 'order book unavailable for an accept');
    throw new HttpError(503, `No order book for ${symbol} right now; try again shortly`);
  }
}

/** The trader's preferred auto-close; none saved, or an unset (0) one, means the product default. */
function autoCloseOf(preferred: number | null): number {
  return preferred !== null && preferred > 0 ? preferred : PREFERENCE_DEFAULTS.defaultAutoCloseProfitPercent;
}

/** Step A's refusals (migrations 0016, 0019); HS001's DETAIL is `{ balanceCents, … }` as JSON. */
const INSUFFICIENT_FUNDS = 'HS001';
const OPEN_TRADES_OVER_LIMIT = 'HS002';
const ALREADY_ACTED_ON_OFFER = 'HS003';
const TRADING_HALTED = 'HS005';
const FREE_PLAN_USED = 'HS006';

/** Step A, one statement; its refusals become the answers the checks above would have given. */
async function openTrade(
  ctx: TradingContext,
  input: {
    userId: string;
    offer: OfferForAccept;
    amountCents: number;
    autoCloseProfitPercent: number;
    plan: EntryPlan;
    limits: { maxOpenTrades: number };
  },
): Promise<{ row: TradeRow; balances: UserBalances }> {
  const { userId, offer, amountCents, plan } = input;
  const at = ctx.now();
  const month = calendarMonthOf(at);
  try {
    return await ctx.repo.openTrade(
      {
        userId,
        offerId: offer.id,
        pair: offer.pair,
        positionType: offer.positionType,
        direction: offer.direction,
        side: offer.side,
        amountCents,
        quantity: String(plan.estimate.quantity),
        entryPrice: String(plan.estimate.averagePrice),
        takeProfitPrice:
          offer.takeProfitPercent === null
            ? null
            : String(stopLossPrice(offer.side, offer.entryPrice, -offer.takeProfitPercent)),
        stopLossPrice:
          offer.stopLossPercent === null
            ? null
            : String(stopLossPrice(offer.side, offer.entryPrice, offer.stopLossPercent)),
        autoCloseProfitPercent: input.autoCloseProfitPercent,
        openedAt: at,
        // Judged by the trade monitor on the market's clock.
        expiresAt: offer.tradeEndsAt,
      },
      {
        maxOpenTrades: input.limits.maxOpenTrades,
        freeLimit: FREE_MONTHLY_ACCEPTS,
        monthStart: month.start,
        at,
      },
    );
  } catch (error) {
    const refused = findPgError(error);
    if (refused?.code === INSUFFICIENT_FUNDS && refused.detail) {
      const { balanceCents } = JSON.parse(refused.detail) as { balanceCents: number };
      throw badRequest(insufficientBalance(balanceCents, amountCents));
    }
    if (refused?.code === OPEN_TRADES_OVER_LIMIT)
      throw badRequest(`Guardrail: at most ${input.limits.maxOpenTrades} open trades`);
    if (refused?.code === ALREADY_ACTED_ON_OFFER) throw conflict(ALREADY_ACTED);
    if (refused?.code === TRADING_HALTED)
      throw new HttpError(TRADING_HALTED_STATUS, tradingHaltedMessage(refused.detail ?? ''));
    if (refused?.code === FREE_PLAN_USED)
      throw new HttpError(PLAN_LIMIT_STATUS, freeLimitMessage(month.resetsAt));
    throw error;
  }
}

/** Step C, the order filled: one statement. */
async function storeFill(
  ctx: TradingContext,
  input: { trade: TradeRow; balances: UserBalances; fill: Fill; book: OrderBook; scope?: IdempotencyScope },
): Promise<AcceptOfferResponse> {
  const { trade, fill } = input;
  const entry = { quote: fill.averagePrice * fill.quantity, fee: fill.feeQuote };
  // The first estimate of closing now, from the book the entry was priced on; the monitor refreshes it.
  const mark = estimateExit(
    input.book,
    { side: trade.side, amountCents: trade.amountCents, quantity: fill.quantity, entry },
    ctx.takerFeePercent,
  );
  const filled = storedFillOf(fill, mark?.profitPercent ?? 0);
  // The answer is known before the write: the trade as the fill leaves it, and the balance the
  // entry left (read under step A's lock; the fill moves no money). It is stored in the fill's
  // commit, exactly as the response body.
  const response: AcceptOfferResponse = {
    trade: toTrade({ ...trade, ...filled }),
    balance: toDollars(input.balances.availableCents),
  };
  const answer = input.scope && { ...input.scope, response };
  // A trade no longer open fails here (HS004, "stopped being open while its entry order ran"): 500.
  const stored = await ctx.repo.storeFill(trade.id, filled, answer);
  publishTradeChange(ctx, stored, input.balances, 'trade.opened');
  return response;
}

/** Step C, the order failed: the trade fails, the entry goes back, the 502 is the stored answer. */
async function failOpen(
  ctx: TradingContext,
  input: { trade: TradeRow; error: unknown; scope?: IdempotencyScope },
): Promise<never> {
  const { trade, scope } = input;
  const reason = input.error instanceof Error ? input.error.message : String(input.error);
  const body = { error: `Order failed: ${reason}` };
  ctx.log.error({ err: input.error, tradeId: trade.id, pair: trade.pair }, 'entry order failed');
  const settled = await ctx.ledger.transact(async (tx) => {
    const result = await failUnfilledTrade(ctx, tx, trade, reason);
    if (!result) throw new Error(`trade ${trade.id} stopped being open while its entry order ran`);
    if (scope) await ctx.ledger.idempotency.answer(scope, 502, body, tx);
    return result;
  });
  publishTradeChange(ctx, settled.row, settled.balances);
  throw new HttpError(502, body.error);
}
