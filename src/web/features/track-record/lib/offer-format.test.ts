import { describe, expect, it } from 'vitest';
import { formatHorizon, shortHash } from './offer-format';

describe('offer cells', () => {
  it('states a horizon in the largest whole unit', () => {
    expect([1440, 4320, 240, 90, 2880].map(formatHorizon)).toEqual([
      '1 day',
      '3 days',
      '4 h',
      '90 min',
      '2 days',
    ]);
    expect([1195, 2721, 1500, 2870, 4319].map(formatHorizon)).toEqual([
      '19 h 55 min',
      '1 day 21 h',
      '1 day 1 h',
      '2 days',
      '3 days',
    ]);
  });

  it('shortens a hash to its first 12 digits', () => {
    expect(shortHash('a'.repeat(64))).toBe(`${'a'.repeat(12)}…`);
    expect(shortHash('')).toBe('');
  });
});
