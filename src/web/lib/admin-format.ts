import { formatDateTime, formatDecimal, formatMoney, NOT_AVAILABLE } from './format';

/*
 * The back office's figures (admin spec 9: scores 2 decimals, price and volume 8, percentage 4,
 * money 2 with a $ sign; empty cells 'N/A').
 */

const fixed = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const eight = fixed(8);
const four = fixed(4);

const missing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

export const adminFormat = {
  score: (value: number | null | undefined) => formatDecimal(value),
  price: (value: number | null | undefined) => (missing(value) ? NOT_AVAILABLE : eight.format(value)),
  percentage: (value: number | null | undefined) => (missing(value) ? NOT_AVAILABLE : four.format(value)),
  money: (value: number | null | undefined) => formatMoney(value),
  date: (value: string | null | undefined) => formatDateTime(value),
  yesNo: (value: boolean | null | undefined) =>
    value === null || value === undefined ? NOT_AVAILABLE : value ? 'Yes' : 'No',
  text: (value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? NOT_AVAILABLE : String(value),
  list: (value: readonly string[] | null | undefined) =>
    value && value.length > 0 ? value.join(', ') : NOT_AVAILABLE,
  json: (value: unknown) => (value === null || value === undefined ? NOT_AVAILABLE : JSON.stringify(value)),
};
