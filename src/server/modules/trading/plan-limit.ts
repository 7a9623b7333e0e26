/**
 * The Free plan's limit on the accept side (issue #20): a Free trader has FREE_MONTHLY_ACCEPTS
 * accepted offers per calendar month (UTC). Checked twice: first before anything is read or
 * priced, for a quick answer; then in step A's transaction, after taking a lock of this trader's
 * own, so that of any number of concurrent accepts by one Free trader at most the limit open. The
 * plan is read in that same transaction (billing module).
 */
import { sql } from 'drizzle-orm';
import { calendarMonthOf, FREE_MONTHLY_ACCEPTS, freeLimitMessage } from '../../../contract/billing';
import type { Queryable } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { TradingDeps } from './trading-context';
import type { TradingRepo } from './trading.repo';

/** 402 Payment Required: what lifts the refusal is a paid plan. */
export const PLAN_LIMIT_STATUS = 402;

export async function refuseOverPlan(
  deps: Pick<TradingDeps, 'plans'> & { repo: Pick<TradingRepo, 'acceptsSince'> },
  tx: Queryable,
  userId: string,
  at: Date,
  options: { lock: boolean },
): Promise<void> {
  if (!deps.plans) return;
  if (options.lock)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`plan:${userId}`}, 0))`);
  if ((await deps.plans.planAt(userId, at, tx)) === 'pro') return;
  const month = calendarMonthOf(at);
  // Counted in the caller's transaction: under the lock, what the earlier accepts committed.
  const accepted = await deps.repo.acceptsSince(userId, month.start, tx);
  if (accepted >= FREE_MONTHLY_ACCEPTS)
    throw new HttpError(PLAN_LIMIT_STATUS, freeLimitMessage(month.resetsAt));
}
