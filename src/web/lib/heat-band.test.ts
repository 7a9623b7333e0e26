import { describe, expect, it } from 'vitest';
import { heatBand } from './heat-band';

describe('heatBand', () => {
  it('is red above 75, orange above 50, otherwise green (the bounds themselves fall lower)', () => {
    expect(heatBand(100)).toBe('red');
    expect(heatBand(75.01)).toBe('red');
    expect(heatBand(75)).toBe('orange');
    expect(heatBand(50.5)).toBe('orange');
    expect(heatBand(50)).toBe('green');
    expect(heatBand(0)).toBe('green');
  });
});
