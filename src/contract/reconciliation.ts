import { z } from 'zod';
import { isoDateTimeSchema, singleLineText } from './common';

/*
 * Reconciliation (issue #20): with live trading (EXECUTION=kraken), the exchange account's holdings
 * are compared per asset with what the platform's books say they should be, every 5 minutes and on
 * demand. A drift beyond the tolerance pauses new live accepts until an admin acknowledges it.
 */

export const reconciledAssetSchema = z.object({
  /** The exchange's name of the asset, e.g. XXBT or ZUSD. */
  asset: z.string(),
  exchange: z.number(),
  expected: z.number(),
  /** exchange − expected. */
  drift: z.number(),
  /** The drift in dollars at the last price; null when the asset has no known price. */
  driftUsd: z.number().nullable(),
});
export type ReconciledAssetView = z.infer<typeof reconciledAssetSchema>;

export const reconciliationRunSchema = z.object({
  id: z.number().int(),
  ranAt: isoDateTimeSchema,
  trigger: z.enum(['schedule', 'admin']),
  /**
   * `baseline`: the first run, what later ones are measured from; `error`: the exchange did not
   * answer; `deferred`: orders were in flight or being looked up, so nothing could be judged.
   */
  status: z.enum(['baseline', 'balanced', 'drift', 'error', 'deferred']),
  assets: z.array(reconciledAssetSchema),
  toleranceUsd: z.number(),
  error: z.string().nullable(),
  acknowledgedAt: isoDateTimeSchema.nullable(),
  acknowledgedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  acknowledgeNote: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationStateSchema = z.object({
  /** False with paper trading: nothing is held on an exchange. */
  enabled: z.boolean(),
  toleranceUsd: z.number(),
  /** The oldest drift not yet acknowledged: live accepts are paused while there is one. */
  pausedBy: reconciliationRunSchema.nullable(),
  /** The latest runs, newest first (at most 20; every run is kept in the database). */
  runs: z.array(reconciliationRunSchema),
});
export type ReconciliationState = z.infer<typeof reconciliationStateSchema>;

export const RECONCILIATION_NOTE_MAX = 500;

export const acknowledgeDriftInputSchema = z.strictObject({
  /** What the admin found and did (it is audited). */
  note: singleLineText({ error: 'A note is required' })
    .trim()
    .min(1, 'A note is required')
    .max(RECONCILIATION_NOTE_MAX, `At most ${RECONCILIATION_NOTE_MAX} characters`),
});
export type AcknowledgeDriftInput = z.infer<typeof acknowledgeDriftInputSchema>;

/** The refusal of a live accept while a drift waits for an admin. */
export const livePausedMessage = (runId: number) =>
  `Live trading is paused: the exchange and the books disagree (reconciliation #${runId}); an admin must acknowledge it`;

export const RECONCILIATION_DISABLED =
  'Reconciliation runs with live trading only (EXECUTION=kraken): paper trading holds nothing on an exchange';

export const reconciliationEndpoint = {
  method: 'GET',
  path: '/api/admin/reconciliation',
  auth: 'admin',
  response: reconciliationStateSchema,
} as const;

/** 409 `RECONCILIATION_DISABLED` with paper trading. */
export const runReconciliationEndpoint = {
  method: 'POST',
  path: '/api/admin/reconciliation/run',
  auth: 'admin',
  body: z.strictObject({}).nullish(),
  response: reconciliationRunSchema,
} as const;

/** Acknowledges this drift and any earlier one; it becomes the baseline. 409 if not an open drift. */
export const acknowledgeDriftEndpoint = {
  method: 'POST',
  path: '/api/admin/reconciliation/:id/acknowledge',
  auth: 'admin',
  params: z.object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }),
  body: acknowledgeDriftInputSchema,
  response: reconciliationRunSchema,
} as const;
