/**
 * The kill switch on the accept side (issue #20). An accept is refused while trading is halted,
 * before anything is read or priced, with the admin's reason (`refuseWhileHalted`, on the settings'
 * cached row, which every process drops when the halt changes).
 *
 * A halt that commits after that check must still stop the accept: step A (`open_trade_checked`,
 * migration 0019) reads the halt under a share lock on the settings row in its one statement. The
 * halt's update waits for the step As already holding it and every later step A reads the halt, so
 * no trade opens once the admin's halt has answered, in any process. A step A that took the lock
 * first commits first: its trade was opened before the halt and keeps running, like every open
 * trade (the trade monitor never looks at the halt: exits go on).
 */
import { tradingHaltedMessage, type TradingHalt } from '../../../contract/trading-halt';
import { HttpError } from '../../http/errors';
import type { SettingsService } from '../settings/settings.service';

/**
 * 423 Locked: accepting is locked by the operator, which the caller cannot fix by changing the
 * request, and which this API's clients treat as a final answer. Not 409, which the web client
 * retries with the same Idempotency-Key (it means "still in flight" there) and would then replay
 * this stored refusal even after a resume; not 503, which says the server failed, invites automatic
 * retries and pages whoever watches the 5xx rate, while a halt is a decision.
 */
export const TRADING_HALTED_STATUS = 423;

/** 402 Payment Required: what lifts the Free plan's monthly limit is a paid plan (step A refuses it). */
export const PLAN_LIMIT_STATUS = 402;

export type TradingHaltReader = Pick<SettingsService, 'tradingHalt'>;

export function refuseWhileHalted(halt: TradingHalt): void {
  if (halt.halted) throw new HttpError(TRADING_HALTED_STATUS, tradingHaltedMessage(halt.reason ?? ''));
}
