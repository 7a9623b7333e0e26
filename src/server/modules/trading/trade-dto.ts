import type { Trade } from '../../../contract/trades';
import { toDollars } from '../../shared/money';
import { round2 } from './trade-maths';
import type { TradeRow } from './trading.repo';

/**
 * A trades row as the contract's Trade. `profit` is the percent net of fees: realised once closed,
 * and while open the monitor's latest estimate of closing now (exit fee and slippage included).
 */
export function toTrade(row: TradeRow): Trade {
  return {
    id: row.id,
    offerId: row.offerId,
    pair: row.pair,
    positionType: row.positionType,
    amount: toDollars(row.amountCents),
    profit: round2(row.profitPercent ?? 0),
    status: row.status,
    entryPrice: Number(row.entryPrice),
    exitPrice: row.exitPrice === null ? null : Number(row.exitPrice),
    autoCloseProfitPercent: row.autoCloseProfitPercent,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    closeReason: row.closeReason,
    orderCheck: row.unknownOrder?.error ? row.unknownOrder.leg : null,
  };
}
