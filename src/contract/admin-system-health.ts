import { z } from 'zod';

export const systemHealthSchema = z.object({
  activePairs: z.number().int().min(0),
  /** Keys in Redis; null when running embedded without Redis. */
  redisKeys: z.number().int().min(0).nullable(),
  /** Jobs per queue and state, e.g. { 'analysis:waiting': 2, 'analysis:active': 1 }. */
  queue: z.record(z.string(), z.number().int().min(0)),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

/** Refetched every 60 s by the dashboard. */
export const systemHealthEndpoint = {
  method: 'GET',
  path: '/api/admin/system-health',
  auth: 'admin',
  response: systemHealthSchema,
} as const;
