/**
 * The trading guardrails (issue #7, contract trades.ts), pure: each takes the facts it needs and
 * returns the refusal naming the rule that fired, or null. The service reads the facts; the open
 * trade limit is checked again inside the accept's transaction, after the trader's accounts are
 * locked, so a burst of accepts cannot open more than the limit.
 */
import type { Guardrails } from '../../../contract/trades';
import { formatDollars } from '../../shared/money';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const startOfUtcDay = (at: Date) => new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);

/** `openTrades` counts the trader's open trades besides the one being opened. */
export function openTradesRefusal(limits: Pick<Guardrails, 'maxOpenTrades'>, openTrades: number) {
  return openTrades >= limits.maxOpenTrades ? `Guardrail: at most ${limits.maxOpenTrades} open trades` : null;
}

export interface DailyLossFacts {
  /** Net realised profit of trades closed today (UTC), negative for a loss. */
  realisedTodayCents: number;
  /** available + held + positions at 00:00 UTC. */
  startEquityCents: number;
  /** Deposits credited today: money put in today is at stake today as if it had been there at 00:00. */
  depositsTodayCents: number;
}

/**
 * Today's net realised loss may not reach `dailyLossCapPercent` of the day's starting equity
 * (plus today's deposits, so that a trader who deposited today is not capped at zero).
 */
export function dailyLossRefusal(limits: Pick<Guardrails, 'dailyLossCapPercent'>, facts: DailyLossFacts) {
  const lossCents = Math.max(0, -facts.realisedTodayCents);
  if (lossCents === 0) return null;
  const baseCents = Math.max(0, facts.startEquityCents + facts.depositsTodayCents);
  if (lossCents < (baseCents * limits.dailyLossCapPercent) / 100) return null;
  return (
    `Guardrail: daily loss cap of ${limits.dailyLossCapPercent}% reached ` +
    `(lost ${formatDollars(lossCents)} today of ${formatDollars(baseCents)} starting equity)`
  );
}

export interface ClosedTradeFacts {
  profitCents: number;
  closedAt: Date;
}

/**
 * After `lossStreakLimit` losing trades in a row (the latest closes, newest first), no new trade
 * until `cooldownMinutes` after the last of them.
 */
export function cooldownRefusal(
  limits: Pick<Guardrails, 'lossStreakLimit' | 'cooldownMinutes'>,
  latestCloses: readonly ClosedTradeFacts[],
  now: Date,
) {
  const streak = latestCloses.slice(0, limits.lossStreakLimit);
  if (streak.length < limits.lossStreakLimit || streak.some((t) => t.profitCents >= 0)) return null;
  const until = new Date(streak[0]!.closedAt.getTime() + limits.cooldownMinutes * MINUTE_MS);
  if (now >= until) return null;
  const hhmm = until.toISOString().slice(11, 16);
  const day =
    until.toISOString().slice(0, 10) === now.toISOString().slice(0, 10)
      ? ''
      : ` on ${until.toISOString().slice(0, 10)}`;
  return `Guardrail: cooldown after ${limits.lossStreakLimit} losing trades, until ${hhmm} UTC${day}`;
}
