import { z } from 'zod';
import { dollarsSchema, isoDateTimeSchema, pairSymbolSchema } from './common';
import {
  analysisStageSchema,
  analysisStatusSchema,
  realOfferOutcomeSchema,
  offerStatusSchema,
  paymentStatusSchema,
  paymentTypeSchema,
  positionTypeSchema,
  preferenceRiskLevelSchema,
} from './enums';

/*
 * Records of the admin dashboard's table collections (admin spec section 3), field names as the
 * spec spells them. Crypto pairs and triggers live in admin-pairs.ts and admin-triggers.ts.
 */

export const analysisRecordSchema = z.object({
  id: z.string(),
  pair: pairSymbolSchema,
  /** Null for analyses the scheduler or a trigger started. */
  userId: z.string().nullable(),
  status: analysisStatusSchema,
  stage: analysisStageSchema.nullable(),
  progrev_score: z.number().nullable(),
  density: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});
export type AnalysisRecord = z.infer<typeof analysisRecordSchema>;

export const analysisSnapshotRecordSchema = z.object({
  id: z.string(),
  analysisId: z.string(),
  status: analysisStatusSchema,
  stage: analysisStageSchema.nullable(),
  /** Percent 0-100. */
  progress: z.number().min(0).max(100),
  snapshot_timestamp: isoDateTimeSchema,
});
export type AnalysisSnapshotRecord = z.infer<typeof analysisSnapshotRecordSchema>;

export const auditLogRecordSchema = z.object({
  id: z.string(),
  userId: z.string().nullable(),
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  timestamp: isoDateTimeSchema,
});
export type AuditLogRecord = z.infer<typeof auditLogRecordSchema>;

export const tickerLogRecordSchema = z.object({
  id: z.string(),
  pair: pairSymbolSchema,
  price: z.number(),
  /** Null when the exchange's ticker did not carry it. */
  volume: z.number().nullable(),
  percentage: z.number().nullable(),
  timestamp: isoDateTimeSchema,
});
export type TickerLogRecord = z.infer<typeof tickerLogRecordSchema>;

export const adminOfferRecordSchema = z.object({
  id: z.string(),
  pair: pairSymbolSchema,
  positionType: positionTypeSchema,
  heatScore: z.number(),
  successRate: z.number(),
  status: offerStatusSchema,
  outcome: realOfferOutcomeSchema.nullable(),
  updatedAt: isoDateTimeSchema,
});
export type AdminOfferRecord = z.infer<typeof adminOfferRecordSchema>;

export const adminPaymentRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  type: paymentTypeSchema,
  amount: dollarsSchema,
  status: paymentStatusSchema,
  createdAt: isoDateTimeSchema,
});
export type AdminPaymentRecord = z.infer<typeof adminPaymentRecordSchema>;

export const adminUserRecordSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  email: z.string(),
  balance: dollarsSchema,
  createdAt: isoDateTimeSchema,
});
export type AdminUserRecord = z.infer<typeof adminUserRecordSchema>;

/** A trader's accept or reject of an offer. */
export const userOfferRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  offerId: z.string(),
  action: z.enum(['accept', 'reject']),
  /** Dollars; null for a reject. */
  entryAmount: dollarsSchema.nullable(),
  /** Profit of the resulting trade in percent; null until it closes or for a reject. */
  profitPercent: z.number().nullable(),
  createdAt: isoDateTimeSchema,
});
export type UserOfferRecord = z.infer<typeof userOfferRecordSchema>;

/** What the engine did for a pair, e.g. action 'offer_created', status 'ok'. */
export const actionLogRecordSchema = z.object({
  id: z.string(),
  /** Null for lines about no one pair (e.g. a whole pair sync). */
  pair: z.string().nullable(),
  action: z.string(),
  status: z.string(),
  timestamp: isoDateTimeSchema,
});
export type ActionLogRecord = z.infer<typeof actionLogRecordSchema>;

export const userPreferencesRecordSchema = z.object({
  userId: z.string(),
  preferredPairs: z.array(z.string()),
  preferredRiskLevels: z.array(preferenceRiskLevelSchema),
  preferredPositionTypes: z.array(positionTypeSchema),
});
export type UserPreferencesRecord = z.infer<typeof userPreferencesRecordSchema>;
