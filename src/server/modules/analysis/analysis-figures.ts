/**
 * What a completed analysis stores in `analyses.figures`: the one schema of the stored figures.
 * The pipeline writes StoredAnalysisFigures (checked at compile time against the schema below);
 * readers get them back through `parseStoredFigures`, which checks only the fields the read API
 * shows, and checks them before they are trusted: a row written by another engine version must not
 * break the heat map or the pair details.
 */
import { z } from 'zod';
import { positionTypeSchema, riskLevelSchema, trendSchema } from '../../../contract/enums';
import { tickerDataSchema, type TickerData } from '../../../contract/heatmap';
import type { PairAnalysis } from '../../engine/types';

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

export type ChartPoint = TickerData['price_history'][number];
/** The heat map's tickerData (trader spec section 3), computed from candles at analysis time. */
export type StoredTickerData = TickerData;

/** What the pipeline writes: the whole analysis, so later readers can show more without a migration. */
export interface StoredAnalysisFigures {
  pair: string;
  analysis: PairAnalysis;
  tickerData: StoredTickerData;
  /** The AI comment (built-in analyst or the configured provider). */
  aiSummary: string;
  aiSource: 'builtin' | 'openai';
  /** The live offer this analysis created or refreshed, if any. */
  offerId: string | null;
  /** Why no offer was published, when none was (e.g. 'heat 31.2 below 40'). */
  skippedBecause: string | null;
  triggerId: string | null;
}

/** The schema's input without the index signatures of its loose objects (interfaces lack them). */
type Declared<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Declared<T[K]> }
    : T;

/** Compile-time proof that what the pipeline writes is what readers parse. */
export const writtenFiguresAreReadable = (
  figures: StoredAnalysisFigures,
): Declared<z.input<typeof storedFiguresSchema>> => figures;

export function parseStoredFigures(figures: unknown): ReadFigures | null {
  const parsed = storedFiguresSchema.safeParse(figures);
  return parsed.success ? parsed.data : null;
}

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

/**
 * The checked figures of a run plus the optional ones the admin pair details show beyond them
 * (null where not stored).
 */
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
