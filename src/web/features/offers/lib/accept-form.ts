import { acceptOfferInputSchema, type AcceptOfferInput } from '../../../../contract/offers';

/*
 * The offer-details modal's two inputs as typed text, and how they become an accept body. Trader
 * spec 5: the entry amount must be present, numeric and above 0 ('Invalid entry amount'); the
 * auto-close percent, if present, numeric and above 0 ('Invalid auto-close profit percent'). The
 * contract's schema holds those rules and messages (and the server's whole-cents rule), so the
 * screen and the server refuse the same inputs with the same words.
 */

/** Trader spec 9: default entry amount / auto-close profit. */
export const DEFAULT_ENTRY_AMOUNT = 100;
export const DEFAULT_AUTO_CLOSE_PERCENT = 5;

export interface AcceptFormValues {
  entryAmount: string;
  autoCloseProfitPercent: string;
}

export type AcceptFormErrors = Partial<Record<keyof AcceptFormValues, string>>;

export type AcceptFormResult =
  { ok: true; input: AcceptOfferInput } | { ok: false; errors: AcceptFormErrors };

/** The form's starting values: $100 and the trader's own auto-close default (5 % unless they changed it). */
export function acceptFormDefaults(
  autoCloseProfitPercent: number = DEFAULT_AUTO_CLOSE_PERCENT,
): AcceptFormValues {
  return {
    entryAmount: String(DEFAULT_ENTRY_AMOUNT),
    autoCloseProfitPercent: String(autoCloseProfitPercent),
  };
}

/** Blank text is NaN (so 'required' fails as 'invalid'), not the 0 that `Number('')` would give. */
function toNumber(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

export function parseAcceptForm(values: AcceptFormValues): AcceptFormResult {
  const autoClose = values.autoCloseProfitPercent.trim();
  const parsed = acceptOfferInputSchema.safeParse({
    entryAmount: toNumber(values.entryAmount),
    ...(autoClose === '' ? {} : { autoCloseProfitPercent: toNumber(autoClose) }),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: AcceptFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'entryAmount' || field === 'autoCloseProfitPercent') && !errors[field])
      errors[field] = issue.message;
  }
  return { ok: false, errors };
}
