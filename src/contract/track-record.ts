import { z } from 'zod';
import { isoDateTimeSchema, pairSymbolSchema, queryInt, singleLineText, timeRangeSchema } from './common';
import { positionTypeSchema } from './enums';

/*
 * The public track record (/track-record, no sign-in): every offer HeatSignal published, committed
 * to an append-only hash chain when it was published, and its outcome appended when it was known.
 * Every figure here is computed from the chain's own entries, never from rows that can be edited.
 */

/** What an offer committed to at publication (the chain entry of kind `offer`). */
export const trackRecordOfferSchema = z.object({
  /** Position in the chain of the offer's commitment (1 = the first entry ever). */
  seq: z.number().int().min(1),
  /** The commitment's SHA-256, as the export lists it. */
  hash: z.string(),
  offerId: z.string(),
  pair: z.string(),
  /** The order at market that follows it. */
  side: z.enum(['buy', 'sell']),
  positionType: positionTypeSchema,
  /** The strategy family that published it; null for an operator's bypass offer. */
  family: z.string().nullable(),
  /** Published past the gate by an operator's bypass analysis: listed, left out of the figures. */
  bypass: z.boolean(),
  publishedAt: isoDateTimeSchema,
  /** Quote-currency price, as the exchange quotes it. */
  entryPrice: z.string(),
  takeProfitPercent: z.number().nullable(),
  stopLossPercent: z.number().nullable(),
  /** The horizon as last committed (a family that holds its position on extends it). */
  horizonMinutes: z.number().int().min(1),
  /** How many times the horizon was extended after publication (each one its own entry). */
  extensions: z.number().int().min(0),
  predictedSuccessRate: z.number(),
  expectedProfitPercent: z.number(),
  /** Round-trip fee the net return pays, percent of the entry. */
  feePercent: z.number(),
  /** `pending` until the outcome entry is appended. */
  outcome: z.enum(['succeeded', 'failed', 'neither', 'unscoreable', 'pending']),
  exitPrice: z.string().nullable(),
  /** Net of the round-trip fee, as if followed at the stated entry; null while pending or unscoreable. */
  netReturnPercent: z.number().nullable(),
  settledAt: isoDateTimeSchema.nullable(),
});
export type TrackRecordOffer = z.infer<typeof trackRecordOfferSchema>;

const stat = z.number().nullable();

/** Figures of a set of settled offers (succeeded, failed or neither: the ones with a net return). */
export const trackRecordFiguresSchema = z.object({
  /** Offers published (pending and unscoreable included). */
  offers: z.number().int().min(0),
  settled: z.number().int().min(0),
  pending: z.number().int().min(0),
  unscoreable: z.number().int().min(0),
  succeeded: z.number().int().min(0),
  /** Percent of settled offers that succeeded; null with none settled. */
  hitRate: stat,
  meanNetReturnPercent: stat,
  /** Mean net return over its standard error; null with fewer than two settled offers. */
  tStat: stat,
  /** Mean success rate the settled offers stated at publication: the live calibration. */
  predictedSuccessRate: stat,
  /** Sum of the net returns: the P&L of an equal stake on every settled offer, in percent of one stake. */
  totalNetReturnPercent: z.number(),
  /** Deepest fall of that sum from its running peak, in percent of one stake (0 or above). */
  maxDrawdownPercent: z.number().min(0),
});
export type TrackRecordFigures = z.infer<typeof trackRecordFiguresSchema>;

/**
 * A family's live results beside its walk-forward backtest over the same market period (the
 * decisions between the family's first and last settled live offer). The interval is where the
 * mean of `live.settled` trades drawn like the backtest's would fall 95 % of the time.
 */
export const backtestComparisonSchema = z.object({
  from: isoDateTimeSchema,
  to: isoDateTimeSchema,
  trades: z.number().int().min(0),
  hitRate: stat,
  meanNetReturnPercent: stat,
  /** Null with fewer than two backtest trades in the period. */
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
  /** The live mean falls outside the interval. */
  outside: z.boolean(),
});
export type BacktestComparison = z.infer<typeof backtestComparisonSchema>;

export const trackRecordFamilySchema = z.object({
  family: z.string(),
  live: trackRecordFiguresSchema,
  /** Null before a backtest was computed or before the family has a settled live offer. */
  backtest: backtestComparisonSchema.nullable(),
});
export type TrackRecordFamily = z.infer<typeof trackRecordFamilySchema>;

export const trackRecordQuerySchema = z.object({
  family: singleLineText().max(64).optional(),
  pair: pairSymbolSchema.optional(),
  period: timeRangeSchema.default('all'),
  offset: queryInt(0, 1_000_000).default(0),
  limit: queryInt(1, 100).default(25),
});
export type TrackRecordQuery = z.infer<typeof trackRecordQuerySchema>;

export const trackRecordHeadSchema = z.object({
  /** Entries in the chain (commitments, extensions and outcomes). */
  count: z.number().int().min(0),
  /** The newest entry's hash; '' for an empty chain. */
  hash: z.string(),
  /** When the newest entry was appended; null for an empty chain. */
  recordedAt: isoDateTimeSchema.nullable(),
});
export type TrackRecordHead = z.infer<typeof trackRecordHeadSchema>;

export const trackRecordResponseSchema = z.object({
  head: trackRecordHeadSchema,
  /** When the first entry was appended: the record starts then and is never back-filled. */
  startedAt: isoDateTimeSchema.nullable(),
  /** Every family and pair in the record, for the filters. */
  options: z.object({ families: z.array(z.string()), pairs: z.array(z.string()) }),
  /** The headline figures for the filters, bypass offers left out. */
  figures: trackRecordFiguresSchema,
  /** Bypass offers the filters match: listed below, not in the figures. */
  bypassOffers: z.number().int().min(0),
  /**
   * Cumulative net return of an equal stake on every settled offer (bypass left out), in order of
   * settlement, from 0 when the first offer the filters match was published; empty with none
   * settled; at most 500 points (thinned evenly, the first and the last always kept).
   */
  equity: z.array(z.object({ at: isoDateTimeSchema, totalNetReturnPercent: z.number() })),
  families: z.array(trackRecordFamilySchema),
  /** The offers the filters match, newest first, a page at a time. */
  offers: z.object({ data: z.array(trackRecordOfferSchema), total: z.number().int().min(0) }),
});
export type TrackRecordResponse = z.infer<typeof trackRecordResponseSchema>;

export const trackRecordEndpoint = {
  method: 'GET',
  path: '/api/track-record',
  auth: 'public',
  query: trackRecordQuerySchema,
  response: trackRecordResponseSchema,
} as const;

/**
 * The whole chain as JSON Lines, oldest first, one entry per line:
 * `{"seq":n,"recordedAt":"…","entry":{…},"prevHash":"…","hash":"…"}`, where
 * hash = SHA-256(prevHash + "\n" + seq + "\n" + recordedAt + "\n" + canonical JSON of entry), and a
 * last line `{"head":{"count":n,"hash":"…","exportedAt":"…"}}` (so a file cut short is told apart).
 */
export const trackRecordExportEndpoint = {
  method: 'GET',
  path: '/api/track-record/export',
  auth: 'public',
  produces: 'application/jsonl',
  response: z.string(),
} as const;

/** The standalone verifier (one file, Node only), as the page documents it. */
export const trackRecordVerifierEndpoint = {
  method: 'GET',
  path: '/api/track-record/verifier',
  auth: 'public',
  produces: 'text/javascript',
  response: z.string(),
} as const;

export const TRACK_RECORD_EXPORT_FILE = 'heatsignal-track-record.jsonl';
export const TRACK_RECORD_VERIFIER_FILE = 'verify-track-record.mjs';
