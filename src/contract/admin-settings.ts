import { z } from 'zod';
import { isoDateTimeSchema, requiredNumber, singleLineText } from './common';
import { guardrailsSchema } from './trades';

/**
 * Thresholds of the automatic analysis (scheduler and offer creation). Strict: an unknown key
 * is refused rather than silently ignored, so a typo cannot pass for a saved setting.
 */
export const autoAnalysisConfigSchema = z.strictObject({
  /** Minutes between scheduled analyses of each active pair (an analysis costs a few ms per pair). */
  intervalMinutes: z.number().int().min(1).max(1440).default(2),
  /**
   * An offer is created only when heat, success rate and expected profit all pass. Expected profit
   * (net of fees) is the deciding one: with exits at 2:1 a 35 % success rate can be a good trade, and
   * day-horizon trend trades come from calm (low-heat) markets, so the other two floors stay low.
   */
  minHeatScore: z.number().min(0).max(100).default(5),
  minSuccessRate: z.number().min(0).max(100).default(30),
  minExpectedProfitPercent: z.number().min(0).default(0.05),
  /** 7-day volatility (percent) above which a breakout counts. */
  volatilityThreshold: z.number().min(0).default(2),
  /** RSI(14) overbought level; oversold is 100 minus it. */
  rsiThreshold: z.number().min(50).max(100).default(70),
  /** Volume relative to its 7-day median that counts as a spike. */
  volumeSpikeMultiplier: z.number().min(1).default(3),
  /** Offer lifetime; when absent an offer lives until its signal's horizon. */
  offerTtlMinutes: z.number().int().min(1).max(10080).optional(),
});
export type AutoAnalysisConfig = z.infer<typeof autoAnalysisConfigSchema>;
export type AutoAnalysisConfigInput = z.input<typeof autoAnalysisConfigSchema>;

export const INVALID_AUTO_ANALYSIS_JSON = 'Invalid JSON in autoAnalysisConfig';

/** autoAnalysisConfig as the form sends it: JSON text of an object. Blank text means all defaults. */
export const autoAnalysisConfigTextSchema = z
  .string()
  .transform((text, ctx) => {
    if (!text.trim()) return {};
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: INVALID_AUTO_ANALYSIS_JSON });
      return z.NEVER;
    }
  })
  .pipe(autoAnalysisConfigSchema);

/** Stored settings as GET and PATCH answer them. */
export const globalSettingsSchema = z.object({
  aiModel: z.string(),
  chatgptMaxRequests: z.number().int(),
  /** Days data (ticker logs, audit logs, snapshots) is kept. */
  retentionPolicy: z.number().int(),
  analysisRetentionDays: z.number().int(),
  autoAnalysisEnabled: z.boolean(),
  autoAnalysisConfig: z.object({
    intervalMinutes: z.number(),
    minHeatScore: z.number(),
    minSuccessRate: z.number(),
    minExpectedProfitPercent: z.number(),
    volatilityThreshold: z.number(),
    rsiThreshold: z.number(),
    volumeSpikeMultiplier: z.number(),
    offerTtlMinutes: z.number().optional(),
  }),
  /** Trading guardrails (trades.ts), enforced on every accept. */
  guardrails: guardrailsSchema,
  /** Every admin call is refused to an admin without two-factor while this is on. */
  requireAdminTwoFactor: z.boolean(),
  updatedAt: isoDateTimeSchema,
});
export type GlobalSettings = z.infer<typeof globalSettingsSchema>;

const settingsFields = {
  aiModel: singleLineText({ error: 'AI Model is required' }).trim().min(1, 'AI Model is required').max(100),
  chatgptMaxRequests: requiredNumber('Max Requests is required').int().min(1, 'Must be at least 1'),
  retentionPolicy: requiredNumber('Retention Policy is required').int().min(1, 'Must be at least 1'),
  analysisRetentionDays: requiredNumber('Analysis Retention Days is required')
    .int()
    .min(1, 'Must be at least 1'),
  autoAnalysisEnabled: z.boolean(),
  requireAdminTwoFactor: z.boolean(),
};

/** Refused to an admin who has not turned two-factor on: they would lock every other admin out first. */
export const ADMIN_TWO_FACTOR_OWN_FIRST =
  'Turn on two-factor authentication for your own account (Settings) before requiring it of every admin.';

/** All settings, autoAnalysisConfig as a JSON object. */
export const globalSettingsInputSchema = z.object({
  ...settingsFields,
  autoAnalysisConfig: autoAnalysisConfigSchema,
});
export type GlobalSettingsInput = z.infer<typeof globalSettingsInputSchema>;

/**
 * PATCH body: any subset (the All-Seeing Eye sends five fields); `guardrails` may carry any of its
 * four limits. An empty patch is refused.
 */
export const globalSettingsPatchSchema = globalSettingsInputSchema
  .partial()
  .extend({ guardrails: guardrailsSchema.partial().optional() })
  .refine(({ guardrails, ...rest }) => {
    const defined = (values: object) => Object.values(values).some((v) => v !== undefined);
    return defined(rest) || (guardrails !== undefined && defined(guardrails));
  }, 'Nothing to update');
export type GlobalSettingsPatch = z.infer<typeof globalSettingsPatchSchema>;

/** The settings form: autoAnalysisConfig as JSON text; parses to a full PATCH body. */
export const globalSettingsFormSchema = z.object({
  ...settingsFields,
  autoAnalysisConfig: autoAnalysisConfigTextSchema,
});
export type GlobalSettingsFormValues = z.input<typeof globalSettingsFormSchema>;

export const getGlobalSettingsEndpoint = {
  method: 'GET',
  path: '/api/admin/global-settings',
  auth: 'admin',
  response: globalSettingsSchema,
} as const;

/** Invalid JSON or values are refused with 400 and nothing is saved. */
export const updateGlobalSettingsEndpoint = {
  method: 'PATCH',
  path: '/api/admin/global-settings',
  auth: 'admin',
  body: globalSettingsPatchSchema,
  response: globalSettingsSchema,
} as const;
