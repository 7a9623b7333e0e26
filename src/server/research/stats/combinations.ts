/** k-of-s combinations in lexicographic order, for the CSCV splits. */

/** The first combination: 0, 1, …, k − 1. */
export function createFirstCombination(k: number): Int32Array {
  return Int32Array.from({ length: k }, (_, i) => i);
}

/** Advances `chosen` (k ascending indices below s) to the next combination; false after the last. */
export function advanceCombination(chosen: Int32Array, s: number): boolean {
  const k = chosen.length;
  let i = k - 1;
  while (i >= 0 && chosen[i] === s - k + i) i--;
  if (i < 0) return false;
  chosen[i] = (chosen[i] ?? 0) + 1;
  for (let j = i + 1; j < k; j++) chosen[j] = (chosen[j - 1] ?? 0) + 1;
  return true;
}

/** C(s, k), exact for the sizes CSCV uses (every partial product is an integer). */
export function countCombinations(s: number, k: number): number {
  let count = 1;
  for (let i = 1; i <= k; i++) count = (count * (s - k + i)) / i;
  return Math.round(count);
}
