/**
 * The trading module (owns `trades`): accepting an offer opens a position through the executor,
 * the trade monitor closes it, and a trader reads only their own trades. See accept-offer.ts and
 * trade-monitor.ts for the two flows; money moves only through the ledger service.
 */
import type { AcceptOfferInput, AcceptOfferResponse } from '../../../contract/offers';
import type {
  Guardrails,
  ListTradesQuery,
  ListTradesResponse,
  TradeStatusResponse,
} from '../../../contract/trades';
import { notFound } from '../../http/errors';
import type { IdempotencyScope } from '../ledger/ledger.service';
import { acceptOffer } from './accept-offer';
import { toTrade } from './trade-dto';
import { runTradeMonitor, type MonitorResult } from './trade-monitor';
import type { TradingContext, TradingDeps } from './trading-context';
import { createTradingRepo } from './trading.repo';
import { isUuid } from '../../shared/uuid';

export type { AutoTradingPreferences, TradablePair, TradingDeps } from './trading-context';

export interface TradeStats {
  /** Percent of closed trades that made a profit (net of fees); 0 with none closed. */
  winRate: number;
  activeTrades: number;
  /** Trades that were opened (open or closed); failed entries never traded. */
  totalTrades: number;
}

export function createTradingService(deps: TradingDeps) {
  const ctx: TradingContext = {
    ...deps,
    repo: createTradingRepo(deps.db),
    now: deps.now ?? (() => new Date()),
  };

  return {
    /** POST /api/offers/:id/accept: `{ trade, balance }`, or an HttpError naming why not. */
    accept: (
      userId: string,
      offerId: string,
      input: AcceptOfferInput,
      scope?: IdempotencyScope,
    ): Promise<AcceptOfferResponse> => acceptOffer(ctx, { userId, offerId, input, scope }),

    /** Accepts that count against a plan since `since` (the Free limit's usage). */
    acceptsSince: (userId: string, since: Date): Promise<number> => ctx.repo.acceptsSince(userId, since),

    /** An offer's end moved (gate-offer.ts): its open trades close then (market time, as the monitor judges). */
    moveTradeEnds: (offerId: string, expiresAt: Date): Promise<void> => ctx.repo.moveEnds(offerId, expiresAt),

    /** The trader's own trades, newest first. */
    async list(userId: string, query: ListTradesQuery): Promise<ListTradesResponse> {
      const [rows, total] = await Promise.all([
        ctx.repo.listByUser(userId, query.offset, query.limit),
        ctx.repo.countByUser(userId),
      ]);
      return { trades: rows.map(toTrade), total };
    },

    /** 404 for an unknown id and for another trader's trade alike. */
    async status(userId: string, tradeId: string): Promise<TradeStatusResponse> {
      const row = isUuid(tradeId) ? await ctx.repo.findForUser(tradeId, userId) : null;
      if (!row) throw notFound('Trade not found');
      const { id, status, profit, closedAt } = toTrade(row);
      return { id, status, profit, closedAt };
    },

    guardrails: (): Promise<Guardrails> => ctx.guardrails(),

    /** For the payments stats ('Your Stats'). */
    async tradeStats(userId: string): Promise<TradeStats> {
      const { open, closed, wins } = await ctx.repo.stats(userId);
      return {
        winRate: closed === 0 ? 0 : Math.round((wins / closed) * 10_000) / 100,
        activeTrades: open,
        totalTrades: open + closed,
      };
    },

    /**
     * One pass of the trade monitor (the worker's `trade-monitor` task). Safe to run in several
     * processes at once: each close is claimed first (trade-monitor.ts).
     */
    monitor: (): Promise<MonitorResult> => runTradeMonitor(ctx),
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
