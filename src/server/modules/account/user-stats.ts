import type { UserStats } from '../../../contract/payments';
import { toDollars } from '../../shared/money';
import type { PaymentsService } from '../payments/payments.service';
import type { TradingService } from '../trading/trading.service';

/** The dashboard's 'Your Stats': the trader's balance and payment totals beside their trades. */
export async function userStats(
  deps: {
    payments: Pick<PaymentsService, 'balance' | 'paymentTotals'>;
    trading: Pick<TradingService, 'tradeStats'>;
  },
  userId: string,
): Promise<UserStats> {
  const { balance } = await deps.payments.balance(userId);
  const trades = await deps.trading.tradeStats(userId);
  const totals = await deps.payments.paymentTotals(userId);
  return {
    balance,
    winRate: trades.winRate,
    activeTrades: trades.activeTrades,
    totalTrades: trades.totalTrades,
    totalDeposits: toDollars(totals.depositsCents),
    totalWithdrawals: toDollars(totals.withdrawalsCents),
    totalTips: toDollars(totals.tipsCents),
  };
}
