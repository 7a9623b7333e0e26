import { describe, expect, it } from 'vitest';
import {
  capitalize,
  formatDateTime,
  formatMoney,
  formatPercent,
  formatPositionType,
  shortId,
} from './format';

describe('formatMoney', () => {
  it('shows a dollar sign, thousands separators and 2 decimals', () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(10)).toBe('$10.00');
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
  });

  it('puts the sign before the dollar sign and never prints -$0.00', () => {
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatMoney(-0.004)).toBe('$0.00');
  });

  it('shows N/A for missing values', () => {
    expect(formatMoney(null)).toBe('N/A');
    expect(formatMoney(undefined)).toBe('N/A');
    expect(formatMoney(Number.NaN)).toBe('N/A');
  });
});

describe('formatPercent', () => {
  it('rounds to 2 decimals with a percent sign', () => {
    expect(formatPercent(5)).toBe('5.00%');
    expect(formatPercent(5.006)).toBe('5.01%');
    expect(formatPercent(-1.234)).toBe('-1.23%');
    expect(formatPercent(-0.001)).toBe('0.00%');
    expect(formatPercent(null)).toBe('N/A');
  });
});

describe('formatDateTime', () => {
  it('formats ISO text and answers N/A for nothing or garbage', () => {
    expect(formatDateTime('2026-11-21T15:04:05.000Z')).toMatch(/2026/);
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
  });
});

describe('capitalize', () => {
  it('capitalises statuses and spaces out snake_case', () => {
    expect(capitalize('pending')).toBe('Pending');
    expect(capitalize('scalp_long')).toBe('Scalp long');
    expect(capitalize('')).toBe('N/A');
  });
});

describe('formatPositionType', () => {
  it('spells the learned model ML', () => {
    expect(formatPositionType('ml_scalp_bullish')).toBe('ML scalp bullish');
    expect(formatPositionType('quick_short')).toBe('Quick short');
  });
});

describe('shortId', () => {
  it('shortens long ids only', () => {
    expect(shortId('0b5f3c1e-1111-2222-3333-444455556666')).toBe('0b5f3c1e…');
    expect(shortId('abc')).toBe('abc');
  });
});
