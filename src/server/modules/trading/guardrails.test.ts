import { describe, expect, it } from 'vitest';
import { GUARDRAIL_DEFAULTS } from '../../../contract/trades';
import { cooldownRefusal, dailyLossRefusal, openTradesRefusal, startOfUtcDay } from './guardrails';

const NOW = new Date('2026-11-21T15:20:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

describe('guardrails', () => {
  it('caps open trades', () => {
    expect(openTradesRefusal(GUARDRAIL_DEFAULTS, 4)).toBeNull();
    expect(openTradesRefusal(GUARDRAIL_DEFAULTS, 5)).toBe('Guardrail: at most 5 open trades');
  });

  it("caps today's net realised loss at a share of the day's starting equity plus today's deposits", () => {
    const facts = { realisedTodayCents: -9_999, startEquityCents: 100_000, depositsTodayCents: 0 };
    expect(dailyLossRefusal(GUARDRAIL_DEFAULTS, facts)).toBeNull();
    expect(dailyLossRefusal(GUARDRAIL_DEFAULTS, { ...facts, realisedTodayCents: -10_000 })).toBe(
      'Guardrail: daily loss cap of 10% reached (lost $100.00 today of $1000.00 starting equity)',
    );
    // Gains today offset losses; a day in profit never fires.
    expect(dailyLossRefusal(GUARDRAIL_DEFAULTS, { ...facts, realisedTodayCents: 500 })).toBeNull();
    // A trader who started the day with nothing and deposited today is judged on the deposit.
    expect(
      dailyLossRefusal(GUARDRAIL_DEFAULTS, {
        realisedTodayCents: -4_000,
        startEquityCents: 0,
        depositsTodayCents: 50_000,
      }),
    ).toBeNull();
    expect(
      dailyLossRefusal(GUARDRAIL_DEFAULTS, {
        realisedTodayCents: -5_000,
        startEquityCents: 0,
        depositsTodayCents: 50_000,
      }),
    ).toMatch(/^Guardrail: daily loss cap of 10% reached/);
  });

  it('starts a cooldown after the losing streak, until the last loss plus the cooldown', () => {
    const losses = [
      { profitCents: -10, closedAt: minutesAgo(5) },
      { profitCents: -20, closedAt: minutesAgo(30) },
      { profitCents: -30, closedAt: minutesAgo(90) },
    ];
    expect(cooldownRefusal(GUARDRAIL_DEFAULTS, losses, NOW)).toBe(
      'Guardrail: cooldown after 3 losing trades, until 16:15 UTC',
    );
    expect(cooldownRefusal(GUARDRAIL_DEFAULTS, losses.slice(0, 2), NOW)).toBeNull();
    expect(
      cooldownRefusal(GUARDRAIL_DEFAULTS, [{ profitCents: 0, closedAt: minutesAgo(1) }, ...losses], NOW),
    ).toBeNull();
    expect(cooldownRefusal(GUARDRAIL_DEFAULTS, losses, new Date(NOW.getTime() + 55 * 60_000))).toBeNull();
    // Past midnight the day is named too.
    const late = new Date('2026-11-21T23:40:00Z');
    expect(
      cooldownRefusal(
        GUARDRAIL_DEFAULTS,
        losses.map((l) => ({ ...l, closedAt: late })),
        late,
      ),
    ).toBe('Guardrail: cooldown after 3 losing trades, until 00:40 UTC on 2026-11-22');
  });

  it('starts the day at 00:00 UTC', () => {
    expect(startOfUtcDay(NOW).toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });
});
