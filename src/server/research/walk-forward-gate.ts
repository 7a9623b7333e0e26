/**
 * What the gate would have published, decided as it runs live: at each refit (every `refitDays`)
 * every family is judged on all the data before it (an expanding window whose trades all ended
 * before the refit), and until the next refit each passing family's candidate variant publishes
 * its new positions, with the expected profit and success rate of its record at the refit.
 */
import { judgeFamily, type FamilyVerdict, type VariantRun } from './judge-family';
import type { Window } from './measure-variant';

export interface PublishedSignal {
  family: string;
  variant: string;
  pair: number;
  at: number;
  /** The candidate's mean net return per trade at the refit (the offer's expected profit). */
  predictedNetPercent: number;
  /** The candidate's hit rate at the refit (the offer's success rate). */
  predictedHitRate: number;
  realisedNetPercent: number;
  /** Net return above zero. */
  succeeded: boolean;
  entryHour: number;
  exitHour: number;
}

export interface Refit {
  hour: number;
  verdicts: FamilyVerdict[];
}

export interface WalkForwardInput {
  hours: number;
  families: ReadonlyMap<string, readonly VariantRun[]>;
  trials: number;
  /** First refit: hour `firstRefitHour` (after the history the families need to judge). */
  firstRefitHour: number;
  refitDays?: number;
}

export function walkForwardGate(input: WalkForwardInput): { refits: Refit[]; published: PublishedSignal[] } {
  const step = (input.refitDays ?? 30) * 24;
  const refits: Refit[] = [];
  const published: PublishedSignal[] = [];
  for (let hour = input.firstRefitHour; hour < input.hours; hour += step) {
    const training: Window = { fromHour: 0, toHour: hour };
    const verdicts = [...input.families].map(([name, runs]) =>
      judgeFamily({ name, runs, window: training, trials: input.trials }),
    );
    refits.push({ hour, verdicts });
    for (const verdict of verdicts.filter((v) => v.passes)) {
      const run = input.families.get(verdict.name)!.find((r) => r.variant === verdict.best.variant)!;
      for (const t of run.trades) {
        if (t.at < hour || t.at >= hour + step) continue;
        published.push({
          family: verdict.name,
          variant: run.variant,
          pair: t.pair,
          at: t.at,
          predictedNetPercent: verdict.best.meanNetPercent,
          predictedHitRate: verdict.best.hitRate,
          realisedNetPercent: 100 * t.netReturn,
          succeeded: t.netReturn > 0,
          entryHour: t.entryHour,
          exitHour: t.exitHour,
        });
      }
    }
  }
  return { refits, published };
}
