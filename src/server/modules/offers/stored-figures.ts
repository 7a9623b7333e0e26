/**
 * Reading `analyses.figures` (StoredAnalysisFigures, written by the analysis pipeline) back. Only
 * the fields the read API shows are checked, and checked before they are trusted: a row written
 * by another engine version must not break the heat map or the pair details.
 */
import { z } from 'zod';
import { positionTypeSchema, riskLevelSchema, trendSchema } from '../../../contract/enums';
import { tickerDataSchema } from '../../../contract/heatmap';

const clamp = (min: number, max: number) => z.number().transform((v) => Math.min(max, Math.max(min, v)));

export const storedFiguresSchema = z.looseObject({
  analysis: z.looseObject({
    heatScore: clamp(0, 100),
    successRate: clamp(0, 100),
    progrevScore: clamp(0, 1),
    trend: trendSchema,
    risk: riskLevelSchema,
    density: z.number().optional(),
    comment: z.string().optional(),
    signal: z.looseObject({ positionType: positionTypeSchema }),
    indicators: z.looseObject({
      price: z.number(),
      rsi14: z.number(),
      high24h: z.number(),
      low24h: z.number(),
      change24hPercent: z.number(),
    }),
  }),
  tickerData: tickerDataSchema,
  aiSummary: z.string().nullish(),
});
export type ReadFigures = z.infer<typeof storedFiguresSchema>;

export function parseStoredFigures(figures: unknown): ReadFigures | null {
  const parsed = storedFiguresSchema.safeParse(figures);
  return parsed.success ? parsed.data : null;
}
