import { z } from 'zod';
import { singleLineText } from './common';
import {
  positionTypeSchema,
  preferenceRiskLevelSchema,
  type PositionType,
  type PreferenceRiskLevel,
} from './enums';

export const PREFERRED_PAIRS_MESSAGE = 'Pairs must be in format XXX/YYY (e.g., BTC/USD), comma-separated';
const PAIR_PATTERN = /^[A-Z0-9]{1,10}\/[A-Z0-9]{1,10}$/;

/** Defaults of trader spec section 3; the form starts with risk low+medium and position long ticked. */
export const PREFERENCE_DEFAULTS = {
  preferredPairs: [] as string[],
  entryFilterMin: 100,
  entryFilterMax: 1000,
  autoTipPercent: 5,
  preferredRiskLevels: ['low', 'medium'] as PreferenceRiskLevel[],
  minSuccessRate: 70,
  maxRiskScore: 80,
  preferredPositionTypes: ['long'] as PositionType[],
  minExpectedProfitPercent: 2,
  maxVolatilityIndex: 50,
  defaultAutoCloseProfitPercent: 5,
  notificationPrefs: { newOffer: true, tradeClose: true, highRisk: false, lowSuccess: false },
};

const atLeast0 = () => z.number().min(0, 'Must be at least 0');
const percent = () => z.number().min(0, 'Must be at least 0').max(100, 'Must be at most 100');
/** Entry filters are stored as integer cents: capped so cents stay exact. */
export const MAX_ENTRY_FILTER = 1_000_000_000;
const entryAmount = () => atLeast0().max(MAX_ENTRY_FILTER, `Must be at most ${MAX_ENTRY_FILTER}`);

export const notificationPrefsSchema = z.object({
  newOffer: z.boolean(),
  tradeClose: z.boolean(),
  highRisk: z.boolean(),
  lowSuccess: z.boolean(),
});
export type NotificationPrefs = z.infer<typeof notificationPrefsSchema>;

/** Stored preferences as GET / PUT answer them (money in dollars). */
export const preferencesSchema = z.object({
  preferredPairs: z.array(z.string()),
  entryFilterMin: z.number(),
  entryFilterMax: z.number(),
  autoTipPercent: z.number(),
  preferredRiskLevels: z.array(preferenceRiskLevelSchema),
  minSuccessRate: z.number(),
  maxRiskScore: z.number(),
  preferredPositionTypes: z.array(positionTypeSchema),
  minExpectedProfitPercent: z.number(),
  maxVolatilityIndex: z.number(),
  defaultAutoCloseProfitPercent: z.number(),
  notificationPrefs: notificationPrefsSchema,
});
export type Preferences = z.infer<typeof preferencesSchema>;

const entryRangeRule = {
  check: (p: { entryFilterMin: number; entryFilterMax: number }) => p.entryFilterMax >= p.entryFilterMin,
  message: 'Must be greater than Min Entry Amount',
  path: ['entryFilterMax'],
};

const D = PREFERENCE_DEFAULTS;

/**
 * A number in the PUT body. Trader spec section 5: "on submit, zero or empty numbers fall back to
 * the defaults", and the server holds the same rule as the form: absent, null or 0 becomes the
 * default before the range check. So 0 can never be saved (e.g. autoTipPercent 0 saves 5).
 */
const bodyNumber = (fallback: number, checked: z.ZodNumber) =>
  z
    .number()
    .nullable()
    .optional()
    .transform((v) => (v === undefined || v === null || v === 0 ? fallback : v))
    .pipe(checked);

/**
 * PUT /api/users/preferences body; omitted fields take the defaults, zero numbers too. Strict: the
 * PUT replaces the whole record, so a misspelt or foreign field is refused rather than silently
 * saving a default in its place.
 */
export const updatePreferencesInputSchema = z
  .strictObject({
    preferredPairs: z
      .array(singleLineText().trim().regex(PAIR_PATTERN, PREFERRED_PAIRS_MESSAGE))
      .max(50)
      .default([]),
    entryFilterMin: bodyNumber(D.entryFilterMin, entryAmount()),
    entryFilterMax: bodyNumber(D.entryFilterMax, entryAmount()),
    autoTipPercent: bodyNumber(D.autoTipPercent, percent()),
    preferredRiskLevels: z.array(preferenceRiskLevelSchema).default(() => [...D.preferredRiskLevels]),
    minSuccessRate: bodyNumber(D.minSuccessRate, percent()),
    maxRiskScore: bodyNumber(D.maxRiskScore, percent()),
    preferredPositionTypes: z.array(positionTypeSchema).default(() => [...D.preferredPositionTypes]),
    minExpectedProfitPercent: bodyNumber(D.minExpectedProfitPercent, atLeast0()),
    maxVolatilityIndex: bodyNumber(D.maxVolatilityIndex, atLeast0()),
    defaultAutoCloseProfitPercent: bodyNumber(D.defaultAutoCloseProfitPercent, atLeast0()),
    notificationPrefs: z
      .strictObject({
        newOffer: z.boolean().default(D.notificationPrefs.newOffer),
        tradeClose: z.boolean().default(D.notificationPrefs.tradeClose),
        highRisk: z.boolean().default(D.notificationPrefs.highRisk),
        lowSuccess: z.boolean().default(D.notificationPrefs.lowSuccess),
      })
      .default({ ...D.notificationPrefs }),
  })
  .refine(entryRangeRule.check, { message: entryRangeRule.message, path: entryRangeRule.path });
export type UpdatePreferencesInput = z.infer<typeof updatePreferencesInputSchema>;

/** Comma-separated pairs as typed in the settings form → list. Blank → []. */
export const preferredPairsTextSchema = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .refine((pairs) => pairs.every((p) => PAIR_PATTERN.test(p)), PREFERRED_PAIRS_MESSAGE);

/** A numeric form field: empty, NaN or 0 falls back to `fallback` (trader spec section 5). */
const formNumber = (fallback: number, checked: z.ZodNumber) =>
  z
    .union([z.number(), z.nan(), z.literal('')])
    .nullable()
    .optional()
    .transform((v) => (typeof v === 'number' && Number.isFinite(v) && v !== 0 ? v : fallback))
    .pipe(checked);

/**
 * The settings form: pairs as comma text, numbers from `valueAsNumber` inputs. Parses straight to
 * the PUT body (zero/empty numbers replaced by the defaults, then range-checked).
 */
export const preferencesFormSchema = z
  .object({
    preferredPairs: preferredPairsTextSchema,
    entryFilterMin: formNumber(D.entryFilterMin, entryAmount()),
    entryFilterMax: formNumber(D.entryFilterMax, entryAmount()),
    autoTipPercent: formNumber(D.autoTipPercent, percent()),
    preferredRiskLevels: z.array(preferenceRiskLevelSchema),
    minSuccessRate: formNumber(D.minSuccessRate, percent()),
    maxRiskScore: formNumber(D.maxRiskScore, percent()),
    preferredPositionTypes: z.array(positionTypeSchema),
    minExpectedProfitPercent: formNumber(D.minExpectedProfitPercent, atLeast0()),
    maxVolatilityIndex: formNumber(D.maxVolatilityIndex, atLeast0()),
    defaultAutoCloseProfitPercent: formNumber(D.defaultAutoCloseProfitPercent, atLeast0()),
    notificationPrefs: notificationPrefsSchema,
  })
  .refine(entryRangeRule.check, { message: entryRangeRule.message, path: entryRangeRule.path });
export type PreferencesFormValues = z.input<typeof preferencesFormSchema>;

/** Form values for stored preferences (or the defaults when none are stored). */
export function toPreferencesFormValues(p: Preferences = D): PreferencesFormValues {
  return {
    ...p,
    preferredPairs: p.preferredPairs.join(', '),
    preferredRiskLevels: [...p.preferredRiskLevels],
    preferredPositionTypes: [...p.preferredPositionTypes],
    notificationPrefs: { ...p.notificationPrefs },
  };
}

/** The offers screen and the dashboard read only preferredPositionTypes, preferredRiskLevels, minSuccessRate. */
export const getPreferencesEndpoint = {
  method: 'GET',
  path: '/api/users/preferences',
  response: preferencesSchema,
} as const;

export const updatePreferencesEndpoint = {
  method: 'PUT',
  path: '/api/users/preferences',
  body: updatePreferencesInputSchema,
  response: preferencesSchema,
} as const;
