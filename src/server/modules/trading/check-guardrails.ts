/**
 * Reads the facts the guardrails judge (guardrails.ts) and refuses with 400 naming the rule. The
 * day's starting equity is today's equity minus today's ledger movements (a day's rows, indexed),
 * never a sum over the whole history.
 */
import type { Guardrails } from '../../../contract/trades';
import { badRequest } from '../../http/errors';
import { cooldownRefusal, dailyLossRefusal, openTradesRefusal, startOfUtcDay } from './guardrails';
import type { TradingContext } from './trading-context';

export async function checkGuardrails(
  ctx: TradingContext,
  userId: string,
  limits: Guardrails,
): Promise<void> {
  const now = ctx.now();
  const refusal =
    openTradesRefusal(limits, await ctx.repo.countOpen(userId)) ??
    (await dailyLoss(ctx, userId, limits, now)) ??
    cooldownRefusal(limits, await ctx.repo.latestCloses(userId, limits.lossStreakLimit), now);
  if (refusal) throw badRequest(refusal);
}

async function dailyLoss(ctx: TradingContext, userId: string, limits: Guardrails, now: Date) {
  const since = startOfUtcDay(now);
  const realisedTodayCents = await ctx.repo.realisedSince(userId, since);
  if (realisedTodayCents >= 0) return null;
  const [balances, movements] = await Promise.all([
    ctx.ledger.balances(userId),
    ctx.ledger.movementsSince(userId, since),
  ]);
  const equityCents = balances.availableCents + balances.heldCents + balances.positionsCents;
  const movedTodayCents = movements.reduce((sum, m) => sum + m.amountCents, 0);
  const depositsTodayCents = movements
    .filter((m) => m.kind === 'deposit')
    .reduce((sum, m) => sum + m.amountCents, 0);
  return dailyLossRefusal(limits, {
    realisedTodayCents,
    startEquityCents: equityCents - movedTodayCents,
    depositsTodayCents,
  });
}
