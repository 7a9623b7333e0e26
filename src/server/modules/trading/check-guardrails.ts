/**
 * Judges the facts the accept read (queries/accept-facts.query.ts) by the guardrails (guardrails.ts)
 * and refuses with 400 naming the rule. The day's starting equity, needed only after a realised
 * loss today, is today's equity (the balances the accept read) minus today's ledger movements (a
 * day's rows, indexed), never a sum over the whole history.
 */
import type { Guardrails } from '../../../contract/trades';
import { badRequest } from '../../http/errors';
import type { UserBalances } from '../ledger/ledger.service';
import { cooldownRefusal, dailyLossRefusal, openTradesRefusal, startOfUtcDay } from './guardrails';
import type { GuardrailFacts } from './queries/accept-facts.query';
import type { TradingContext } from './trading-context';

/** `now`: when the facts were read (their day starts at `startOfUtcDay(now)`). */
export async function checkGuardrails(
  ctx: TradingContext,
  input: {
    userId: string;
    limits: Guardrails;
    balances: UserBalances;
    facts: GuardrailFacts;
    now: Date;
  },
): Promise<void> {
  const { limits, facts, now } = input;
  const since = startOfUtcDay(now);
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
