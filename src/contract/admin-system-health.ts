import { z } from 'zod';
import { publicationGateSchema } from './signal-quality';
import { isoDateTimeSchema } from './common';
import { telegramBotStatusSchema } from './telegram';

/** The audit log's hash chain: intact, or the first row (in chain order) that does not hold. */
export const auditChainStatusSchema = z.discriminatedUnion('intact', [
  z.object({ intact: z.literal(true), rows: z.number().int().min(0) }),
  z.object({
    intact: z.literal(false),
    rows: z.number().int().min(0),
    firstBrokenId: z.string(),
    /** `hash`: that row was changed; `link`: a row before it was removed or inserted. */
    reason: z.enum(['hash', 'link']),
  }),
]);
export type AuditChainStatus = z.infer<typeof auditChainStatusSchema>;

/** One scheduled task of the workers (pair sync, market refresh, trade monitor, ...). */
export const scheduleStatusSchema = z.object({
  task: z.string(),
  /** A worker holds its lease now. */
  running: z.boolean(),
  lastStartedAt: isoDateTimeSchema.nullable(),
  lastFinishedAt: isoDateTimeSchema.nullable(),
  nextRunAt: isoDateTimeSchema,
  /** The last run's failure; null after a run that succeeded. */
  lastError: z.string().nullable(),
});
export type ScheduleStatus = z.infer<typeof scheduleStatusSchema>;

/** How this API process's mail has gone: its transport, its last message sent and its last failure. */
export const mailStatusSchema = z.object({
  /** `outbox`: SMTP_URL is not set, so messages stay in DATA_DIR/outbox and nobody receives them. */
  transport: z.enum(['smtp', 'outbox']),
  lastSentAt: isoDateTimeSchema.nullable(),
  lastFailure: z.object({ at: isoDateTimeSchema, error: z.string() }).nullable(),
});
export type MailStatus = z.infer<typeof mailStatusSchema>;

export const systemHealthSchema = z.object({
  activePairs: z.number().int().min(0),
  /** Keys in Redis; null when running embedded without Redis. */
  redisKeys: z.number().int().min(0).nullable(),
  /** Jobs per queue and state, e.g. { 'analysis:waiting': 2, 'analysis:active': 1 }. */
  queue: z.record(z.string(), z.number().int().min(0)),
  auditChain: auditChainStatusSchema,
  /** The workers' scheduled tasks: when each last ran, whether it failed, when it runs next. */
  schedules: z.array(scheduleStatusSchema),
  /** The publication gate of the latest backtest; null until the worker has judged it. */
  publicationGate: publicationGateSchema.nullable(),
  mail: mailStatusSchema,
  /** This process's Telegram bot: not configured, or its last answered call and last failure. */
  telegram: telegramBotStatusSchema,
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

/** Refetched every 60 s by the dashboard. */
export const systemHealthEndpoint = {
  method: 'GET',
  path: '/api/admin/system-health',
  auth: 'admin',
  response: systemHealthSchema,
} as const;
