import type { Transaction } from '../../db/client';
import type { UserBalances } from '../ledger/ledger.service';
import type { TradingContext } from './trading-context';
import type { TradeRow } from './trading.repo';

/**
 * Inside `tx`: an open trade whose entry never filled becomes `failed` (close reason `error`) and
 * its amount goes back from positions to available, audited. Null when it is no longer an open,
 * unfilled trade (someone else settled it first): then nothing is written.
 */
export async function failUnfilledTrade(
  ctx: TradingContext,
  tx: Transaction,
  trade: TradeRow,
  reason: string,
): Promise<{ row: TradeRow; balances: UserBalances } | null> {
  const failed = await ctx.repo.markFailed(tx, trade.id, ctx.now());
  if (!failed) return null;
  const { userId, amountCents } = trade;
  const posted = await ctx.ledger.post(tx, {
    tradeId: trade.id,
    legs: [
      { userId, account: 'user_positions', amountCents: -amountCents, kind: 'trade_close' },
      { userId, account: 'user_available', amountCents, kind: 'trade_close' },
    ],
  });
  const [before, after] = [posted.before(userId), posted.after(userId)];
  await ctx.logs.audit(
    { userId, action: 'trade.failed', details: { tradeId: trade.id, amountCents, reason, before, after } },
    tx,
  );
  return { row: failed, balances: after };
}
