import type { TriggerRecord } from '../../../../contract/admin-triggers';
import { csvText } from '../../../../contract/csv';

/** Admin spec 9: the triggers CSV columns, in this order; keywords comma joined as on screen. */
export const TRIGGERS_CSV_HEADER = ['type', 'symbol', 'source', 'keywords', 'active', 'createdAt'] as const;

export function triggersCsv(triggers: readonly TriggerRecord[]): string {
  return csvText(
    TRIGGERS_CSV_HEADER,
    triggers.map((t) => [t.type, t.symbol, t.source, t.keywords.join(', '), t.active, t.createdAt]),
  );
}
