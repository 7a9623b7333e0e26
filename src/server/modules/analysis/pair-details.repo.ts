/**
 * The admin pair details' reads of analysis runs: a pair's latest runs, the runs of given triggers,
 * and the stored figures the details show beyond the ones `parseStoredFigures` checks.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { analyses } from '../../db/schema';
import { parseStoredFigures } from './analysis-figures';

const columns = {
  id: analyses.id,
  triggerId: analyses.triggerId,
  status: analyses.status,
  stage: analyses.stage,
  progress: analyses.progress,
  heatScore: analyses.heatScore,
  successRate: analyses.successRate,
  progrevScore: analyses.progrevScore,
  density: analyses.density,
  figures: analyses.figures,
  error: analyses.error,
  createdAt: analyses.createdAt,
  completedAt: analyses.completedAt,
};

/** A figure an older engine may not have stored: absent or malformed reads as undefined. */
const maybe = z.number().optional().catch(undefined);

const extraFiguresSchema = z.looseObject({
  analysis: z.looseObject({
    riskScore: maybe,
    sampleSize: maybe,
    expectedProfitPercent: maybe,
    indicators: z.looseObject({
      macd: maybe,
      macdSignal: maybe,
      macdHistogram: maybe,
      ema20: maybe,
      ema50: maybe,
      atrPercent: maybe,
      relativeVolume: maybe,
    }),
  }),
});

/** The checked figures of a run plus the optional ones (null where not stored). */
export function readDetailFigures(figures: unknown) {
  const checked = parseStoredFigures(figures);
  if (!checked) return null;
  const extra = extraFiguresSchema.safeParse(figures);
  const a = extra.success ? extra.data.analysis : null;
  const ind = a?.indicators;
  return {
    ...checked,
    extra: {
      riskScore: a?.riskScore ?? null,
      sampleSize: a?.sampleSize ?? null,
      expectedProfitPercent: a?.expectedProfitPercent ?? null,
      macd: ind?.macd ?? null,
      macdSignal: ind?.macdSignal ?? null,
      macdHistogram: ind?.macdHistogram ?? null,
      ema20: ind?.ema20 ?? null,
      ema50: ind?.ema50 ?? null,
      atrPercent: ind?.atrPercent ?? null,
      relativeVolume: ind?.relativeVolume ?? null,
    },
  };
}
export type DetailFigures = NonNullable<ReturnType<typeof readDetailFigures>>;

export function createAnalysisPairDetailsRepo(db: Executor) {
  return {
    /** The pair's newest runs (analyses_pair_id_created_at_idx). */
    recentOfPair: (pairId: number, limit: number) =>
      db
        .select(columns)
        .from(analyses)
        .where(eq(analyses.pairId, pairId))
        .orderBy(desc(analyses.createdAt), desc(analyses.id))
        .limit(limit),

    /** The newest runs these triggers started (analyses_trigger_id_idx). */
    ofTriggers: async (triggerIds: string[], limit: number) =>
      triggerIds.length === 0
        ? []
        : db
            .select(columns)
            .from(analyses)
            .where(inArray(analyses.triggerId, triggerIds))
            .orderBy(desc(analyses.createdAt), desc(analyses.id))
            .limit(limit),
  };
}

export type AnalysisDetailRow = Awaited<
  ReturnType<ReturnType<typeof createAnalysisPairDetailsRepo>['recentOfPair']>
>[number];
