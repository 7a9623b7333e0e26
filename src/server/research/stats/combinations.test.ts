import { describe, expect, it } from 'vitest';
import { advanceCombination, countCombinations, createFirstCombination } from './combinations';

describe('combinations', () => {
  it('counts C(16, 8) = 12,870 and C(4, 2) = 6', () => {
    expect(countCombinations(16, 8)).toBe(12_870);
    expect(countCombinations(4, 2)).toBe(6);
    expect(countCombinations(20, 10)).toBe(184_756);
  });

  it('enumerates every k-subset once, in lexicographic order', () => {
    const seen: string[] = [];
    const chosen = createFirstCombination(2);
    do seen.push(Array.from(chosen).join(''));
    while (advanceCombination(chosen, 4));
    expect(seen).toEqual(['01', '02', '03', '12', '13', '23']);
  });

  it('visits C(16, 8) distinct subsets', () => {
    const seen = new Set<string>();
    const chosen = createFirstCombination(8);
    do seen.add(Array.from(chosen).join(','));
    while (advanceCombination(chosen, 16));
    expect(seen.size).toBe(12_870);
  });
});
