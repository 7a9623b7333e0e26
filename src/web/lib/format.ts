/*
 * Display formatters shared by the screens (trader spec section 9: money and scores with 2 decimals,
 * 'N/A' for missing cells). Fixed to en-US so figures read the same for every visitor and in tests.
 */

export const NOT_AVAILABLE = 'N/A';

const isMissing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars as '$1,234.50' (negative: '-$5.00'). */
export function formatMoney(dollars: number | null | undefined): string {
  if (isMissing(dollars)) return NOT_AVAILABLE;
  // Rounded first so -0.004 does not print as '-$0.00'.
  const rounded = Math.round(dollars * 100) / 100;
  const text = twoDecimals.format(Math.abs(rounded));
  return rounded < 0 ? `-$${text}` : `$${text}`;
}

/** A percentage with 2 decimals: '5.25%'. */
export function formatPercent(value: number | null | undefined): string {
  if (isMissing(value)) return NOT_AVAILABLE;
  const rounded = Math.round(value * 100) / 100;
  return `${twoDecimals.format(rounded === 0 ? 0 : rounded)}%`;
}

/** A plain number with 2 decimals (scores). */
export function formatDecimal(value: number | null | undefined): string {
  return isMissing(value) ? NOT_AVAILABLE : twoDecimals.format(value);
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const longDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'medium' });

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Nov 21, 2026, 3:04 PM' in the viewer's time zone. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? dateTime.format(date) : NOT_AVAILABLE;
}

/** 'November 21, 2026 at 3:04:05 PM' (the spec's "long date-time"). */
export function formatLongDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? longDateTime.format(date) : NOT_AVAILABLE;
}

/** 'pending' → 'Pending', 'scalp_long' → 'Scalp long'. */
export function capitalize(value: string | null | undefined): string {
  if (!value) return NOT_AVAILABLE;
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'scalp_long' → 'Scalp long', 'ml_scalp_bullish' → 'ML scalp bullish'. */
export function formatPositionType(value: string | null | undefined): string {
  return capitalize(value).replace(/^Ml /, 'ML ');
}

/** Long ids (UUIDs) shortened for narrow cells; the full id goes in a title. */
export function shortId(id: string, length = 8): string {
  return id.length > length + 1 ? `${id.slice(0, length)}…` : id;
}
