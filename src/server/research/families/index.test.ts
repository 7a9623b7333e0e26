import { describe, expect, it } from 'vitest';
import { FAMILIES, familyByName } from './index';

describe('FAMILIES', () => {
  it('lists the seven families in a fixed order', () => {
    expect(FAMILIES.map((f) => f.name)).toEqual([
      'ts-trend',
      'xs-momentum',
      'xs-reversal',
      'vol-regime',
      'volume-shock',
      'mean-reversion',
      'maker-entry',
    ]);
  });

  it.each(FAMILIES)('$name: a rationale and a modest grid of uniquely named variants', (family) => {
    expect(family.rationale.length).toBeGreaterThan(200);
    expect(family.variants.length).toBeGreaterThanOrEqual(4);
    expect(family.variants.length).toBeLessThanOrEqual(16);
    expect(new Set(family.variants.map((v) => v.name)).size).toBe(family.variants.length);
    for (const v of family.variants) expect(v.family).toBe(family.name);
  });

  it('finds a family by name, and names the known ones for a typo', () => {
    expect(familyByName('xs-reversal').name).toBe('xs-reversal');
    expect(() => familyByName('xs-reversl')).toThrow(/known: ts-trend, xs-momentum/);
  });
});
