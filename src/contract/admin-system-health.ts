import { z } from 'zod';

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

export const systemHealthSchema = z.object({
  activePairs: z.number().int().min(0),
  /** Keys in Redis; null when running embedded without Redis. */
  redisKeys: z.number().int().min(0).nullable(),
  /** Jobs per queue and state, e.g. { 'analysis:waiting': 2, 'analysis:active': 1 }. */
  queue: z.record(z.string(), z.number().int().min(0)),
  auditChain: auditChainStatusSchema,
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

/** Refetched every 60 s by the dashboard. */
export const systemHealthEndpoint = {
  method: 'GET',
  path: '/api/admin/system-health',
  auth: 'admin',
  response: systemHealthSchema,
} as const;
