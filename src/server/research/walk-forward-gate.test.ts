/**
 * What the walk-forward gate publishes is decided from earlier data only: cutting the universe
 * after a refit period leaves every decision before the cut as it was.
 */
import { describe, expect, it } from 'vitest';
import { KRAKEN_CURRENT } from './costs';
import { simulateFamilies } from './run-research';
import { buildSimulatedUniverse } from './simulated-universe';
import { universeSlice } from './universe';
import { walkForwardGate } from './walk-forward-gate';
import { familyByName } from './families';

describe('the walk-forward gate', () => {
  it('decides every publication from the data before it', async () => {
    const universe = await buildSimulatedUniverse({
      seed: 42,
      edge: 'planted',
      end: Date.UTC(2026, 10, 1),
      days: 420,
    });
    const families = [familyByName('ts-trend'), familyByName('xs-reversal')];
    const decide = (hours: number) => {
      const slice = universeSlice(universe, hours);
      const runs = simulateFamilies(slice, { fees: KRAKEN_CURRENT, families });
      return walkForwardGate({ hours, families: runs, trials: 76, firstRefitHour: 180 * 24 });
    };
    const cut = 330 * 24;
    const [full, early] = [decide(universe.hours), decide(cut)];
    const decisions = (w: ReturnType<typeof decide>) =>
      w.published
        .filter((p) => p.at < cut - 30 * 24)
        .map(({ family, variant, pair, at, predictedNetPercent, predictedHitRate }) => ({
          family,
          variant,
          pair,
          at,
          predictedNetPercent,
          predictedHitRate,
        }));
    expect(decisions(early).length).toBeGreaterThan(20);
    expect(decisions(early)).toEqual(decisions(full));
    expect(early.refits.map((r) => r.verdicts)).toEqual(
      full.refits.slice(0, early.refits.length).map((r) => r.verdicts),
    );
  }, 120_000);
});
