/**
 * What the trading module works with, injected through `createTradingService` (its plugin wires
 * it): the ledger and the offers, market, logs and settings services, the market source's order
 * book, the executor, and the preferences and payments functions it needs.
 */
import type { Guardrails } from '../../../contract/trades';
import type { Database, Transaction } from '../../db/client';
import { balanceUpdateOf } from '../../shared/money';
import type { Executor as OrderExecutor } from '../../providers/execution';
import type { MarketSource } from '../../providers/market/market-source';
import type { EventBus } from '../../realtime/event-bus';
import type { LedgerService, UserBalances } from '../ledger/ledger.service';
import type { LogsService } from '../logs/logs.service';
import type { UserEventSubject } from '../notifications/user-events';
import type { OffersService } from '../offers/offers.service';
import type { TradingHaltReader } from './trading-halt';
import type { TradeRow, TradingRepo } from './trading.repo';
import { toTrade } from './trade-dto';

/** A pair as the market module stores it, with the exchange's minimum order. */
export interface TradablePair {
  id: number;
  symbol: string;
  krakenSymbol: string;
  active: boolean;
  /** Minimum order in base units; null when the exchange states none. */
  orderMin: number | null;
  /** Minimum order value in quote currency; null when none. */
  costMin: number | null;
}

export interface AutoTradingPreferences {
  autoTipPercent: number;
  defaultAutoCloseProfitPercent: number;
}

export interface TradingLog {
  info(details: object, message?: string): void;
  warn(details: object, message?: string): void;
  error(details: object, message?: string): void;
}

export interface TradingDeps {
  db: Database;
  ledger: LedgerService;
  logs: Pick<LogsService, 'audit' | 'action'>;
  bus: EventBus;
  offers: Pick<OffersService, 'recordTradeResult' | 'forgetActed'>;
  market: {
    pairBySymbol(symbol: string): Promise<TradablePair | undefined>;
  };
  source: Pick<MarketSource, 'fetchOrderBook' | 'now'>;
  executor: OrderExecutor;
  /** The global settings' guardrails. */
  guardrails(): Promise<Guardrails>;
  /**
   * Tells the trader's channels (bell, mail, Telegram, webhooks) of a committed change: their
   * trade opened or closed, or a guardrail refused their accept. Returns at once.
   */
  announce?: (userId: string, subject: UserEventSubject) => void;
  /** The kill switch (settings service): every accept is refused while it is set (trading-halt.ts). */
  halt: TradingHaltReader;
  /**
   * With a live executor: the refusal while a reconciliation drift waits for an admin
   * (reconciliation.service.ts), or null. Default: never paused.
   */
  livePause?: () => Promise<string | null>;
  /** The trader's preferences (preferences module): a close's automatic tip. */
  autoTrading(userId: string): Promise<AutoTradingPreferences>;
  /**
   * The payments module: records the automatic tip of a profitable close inside its transaction,
   * skipping it silently when the balance cannot cover it.
   */
  recordAutoTip(
    tx: Transaction,
    tip: { userId: string; tradeId: string; amountCents: number },
  ): Promise<void>;
  /** Taker fee per side, percent (TAKER_FEE_PERCENT). */
  takerFeePercent: number;
  /** Wall clock (trade times, guardrail days); default `new Date()`. Expirations follow `source.now()`. */
  now?: () => Date;
  log: TradingLog;
}

export interface TradingContext extends TradingDeps {
  repo: TradingRepo;
  now: () => Date;
}

/** After a commit: the trade and the balances to the trader's room. */
/** The trade to its owner's screens, and their balances when the change moved money. */
export function publishTradeChange(
  ctx: TradingContext,
  row: TradeRow,
  balances?: UserBalances,
  /** The change is the trade's opening (its entry filled) or its close: its owner is told. */
  milestone?: 'trade.opened' | 'trade.closed',
): void {
  const room = `user:${row.userId}` as const;
  const trade = toTrade(row);
  ctx.bus.publish('trade_update', trade, [room]);
  if (balances) ctx.bus.publish('balance_update', balanceUpdateOf(balances), [room]);
  if (milestone) ctx.announce?.(row.userId, { kind: milestone, trade });
}
