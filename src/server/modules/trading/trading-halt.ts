/**
 * The kill switch on the accept side (issue #20). An accept is refused while trading is halted,
 * before anything is read or priced, with the admin's reason (`refuseWhileHalted`, on the settings'
 * cached row, which every process drops when the halt changes).
 *
 * A halt that commits after that check must still stop the accept: step A (`open_trade`) runs in
 * one transaction behind a share lock on the settings row (`guardOpenTrade`). The halt's update
 * waits for the step As already holding it and every later step A reads the halt, so no trade
 * opens once the admin's halt has answered, in any process. A step A that took the lock first
 * commits first: its trade was opened before the halt and keeps running, like every open trade
 * (the trade monitor never looks at the halt: exits go on). The price is one read of one row by
 * primary key in step A's transaction (share locks never wait for each other, so concurrent accepts
 * do not queue on it), and on the embedded database one more hop to its thread inside it.
 */
import { tradingHaltedMessage, type TradingHalt } from '../../../contract/trading-halt';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { SettingsService } from '../settings/settings.service';
import { refuseOverPlan } from './plan-limit';
import type { TradingDeps } from './trading-context';
import { createTradingRepo, type TradingRepo } from './trading.repo';

/**
 * 423 Locked: accepting is locked by the operator, which the caller cannot fix by changing the
 * request, and which this API's clients treat as a final answer. Not 409, which the web client
 * retries with the same Idempotency-Key (it means "still in flight" there) and would then replay
 * this stored refusal even after a resume; not 503, which says the server failed, invites automatic
 * retries and pages whoever watches the 5xx rate, while a halt is a decision.
 */
export const TRADING_HALTED_STATUS = 423;

export type TradingHaltReader = Pick<SettingsService, 'tradingHalt' | 'tradingHaltUnderLock'>;

export function refuseWhileHalted(halt: TradingHalt): void {
  if (halt.halted) throw new HttpError(TRADING_HALTED_STATUS, tradingHaltedMessage(halt.reason ?? ''));
}

/**
 * `repo` with its step A re-checking the halt under the settings row's share lock (see above) and
 * the trader's plan under a lock of their own (plan-limit.ts), in the step's one transaction.
 */
export function guardOpenTrade(
  repo: TradingRepo,
  deps: { db: Database; halt: TradingHaltReader; now?: () => Date } & Pick<TradingDeps, 'plans'>,
): TradingRepo {
  return {
    ...repo,
    openTrade: (values, maxOpenTrades) =>
      deps.db.transaction(async (tx) => {
        refuseWhileHalted(await deps.halt.tradingHaltUnderLock(tx));
        const at = deps.now?.() ?? new Date();
        await refuseOverPlan({ plans: deps.plans, repo }, tx, values.userId, at, { lock: true });
        return createTradingRepo(tx).openTrade(values, maxOpenTrades);
      }),
  };
}
