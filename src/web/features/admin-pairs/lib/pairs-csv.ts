import type { CryptoPairRecord } from '../../../../contract/admin-pairs';
import { csvText } from '../../../../contract/csv';

/** Admin spec 9: the pairs CSV columns, in this order. */
export const PAIRS_CSV_HEADER = [
  'symbol',
  'krakenSymbol',
  'active',
  'deactivation_attempts',
  'analysis_count',
  'createdAt',
  'updatedAt',
] as const;

export function pairsCsv(pairs: readonly CryptoPairRecord[]): string {
  return csvText(
    PAIRS_CSV_HEADER,
    pairs.map((p) => [
      p.symbol,
      p.krakenSymbol,
      p.active,
      p.deactivation_attempts,
      p.analysis_count,
      p.createdAt,
      p.updatedAt,
    ]),
  );
}
