/**
 * Reads the facts the guardrails judge (guardrails.ts) and refuses with 400 naming the rule. The
 * trades' facts are one statement; the day's starting equity, needed only after a realised loss
 * today, is today's equity (the balances the accept read) minus today's ledger movements (a day's
 * rows, indexed), never a sum over the whole history.
 */
import type { Guardrails } from '../../../contract/trades';
import { badRequest } from '../../http/errors';
import type { UserBalances } from '../ledger/ledger.service';
import { cooldownRefusal, dailyLossRefusal, openTradesRefusal, startOfUtcDay } from './guardrails';
import type { TradingContext } from './trading-context';

export async function checkGuardrails(
  ctx: TradingContext,
  input: { userId: string; limits: Guardrails; balances: UserBalances },
): Promise<void> {
  const { userId, limits } = input;
  const now = ctx.now();
  const since = startOfUtcDay(now);
  const facts = await ctx.repo.guardrailFacts(userId, since, limits.lossStreakLimit);
  const refusal =
    openTradesRefusal(limits, facts.open) ??
    (await dailyLoss(ctx, { ...input, since, realisedTodayCents: facts.realisedCents })) ??
    cooldownRefusal(limits, facts.latestCloses, now);
  if (refusal) throw badRequest(refusal);
}

async function dailyLoss(
  ctx: TradingContext,
  input: {
    userId: string;
    limits: Guardrails;
    balances: UserBalances;
    since: Date;
    realisedTodayCents: number;
  },
) {
  const { balances, realisedTodayCents } = input;
  if (realisedTodayCents >= 0) return null;
  const movements = await ctx.ledger.movementsSince(input.userId, input.since);
  const equityCents = balances.availableCents + balances.heldCents + balances.positionsCents;
  const movedTodayCents = movements.reduce((sum, m) => sum + m.amountCents, 0);
  const depositsTodayCents = movements
    .filter((m) => m.kind === 'deposit')
    .reduce((sum, m) => sum + m.amountCents, 0);
  return dailyLossRefusal(input.limits, {
    realisedTodayCents,
    startEquityCents: equityCents - movedTodayCents,
    depositsTodayCents,
  });
}
