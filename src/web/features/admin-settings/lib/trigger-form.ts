import { z } from 'zod';
import {
  keywordsTextSchema,
  manageTriggerInputSchema,
  type ManageTriggerFormInput,
  type TriggerRecord,
} from '../../../../contract/admin-triggers';
import type { TriggerType } from '../../../../contract/enums';

export type TriggerAction = 'add' | 'update' | 'delete';

/** The manage-trigger form as typed: keywords as comma separated text. */
export interface TriggerFormValues {
  action: TriggerAction;
  /** Set by Edit, so an update finds the row even if its type or symbol changed. */
  id: string;
  /** A TriggerType, or '' before one is chosen. */
  type: string;
  symbol: string;
  source: string;
  keywords: string;
  active: boolean;
}

/** Admin spec 4: where the form starts, and returns to after every successful action. */
export const EMPTY_TRIGGER_FORM: TriggerFormValues = {
  action: 'add',
  id: '',
  type: 'news',
  symbol: '',
  source: '',
  keywords: '',
  active: true,
};

export function triggerFormValues(trigger: TriggerRecord): TriggerFormValues {
  return {
    action: 'update',
    id: trigger.id,
    type: trigger.type,
    symbol: trigger.symbol,
    source: trigger.source ?? '',
    keywords: trigger.keywords.join(', '),
    active: trigger.active,
  };
}

/**
 * The form's values → the manage-triggers body, checked by the contract's own schema (so the
 * form's messages are the server's, admin spec 5). A delete sends only action, type and symbol.
 */
export const triggerFormSchema = z
  .object({
    action: z.enum(['add', 'update', 'delete']),
    id: z.string(),
    type: z.string(),
    symbol: z.string(),
    source: z.string(),
    keywords: keywordsTextSchema,
    active: z.boolean(),
  })
  // `type` is only claimed to be a TriggerType here: the contract's schema right after checks it.
  .transform(({ action, id, type: typed, symbol, source, keywords, active }): ManageTriggerFormInput => {
    const type = typed as TriggerType;
    if (action === 'delete') return { action, type, symbol };
    const fields = { type, symbol, source, keywords, active };
    return action === 'update' ? { action, ...(id ? { id } : {}), ...fields } : { action, ...fields };
  })
  .pipe(manageTriggerInputSchema);
