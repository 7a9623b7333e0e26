import { useId } from 'react';
import { TRIGGER_TYPES } from '../../../../contract/enums';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import type { TriggerFormState } from '../hooks/use-trigger-form';

const ACTIONS = [
  { value: 'add', label: 'Add' },
  { value: 'update', label: 'Update' },
  { value: 'delete', label: 'Delete' },
] as const;

/**
 * How each place words the form: Live Triggers manages (add, update or delete), the Eye's Add
 * Trigger dialog only adds (admin spec 4 and 5).
 */
const WORDING = {
  manage: {
    keywords: 'Keywords',
    placeholders: { symbol: 'BTC/USD', source: 'https://example.com/feed.xml', keywords: 'etf, halving' },
    active: 'flex items-center gap-2 self-end pb-2.5 text-sm text-slate-200',
  },
  add: {
    keywords: 'Keywords (comma separated)',
    placeholders: { symbol: 'BTC/USD', source: 'https://', keywords: undefined },
    active: 'flex items-center gap-2 text-sm text-slate-200',
  },
} as const;

export type TriggerFormMode = keyof typeof WORDING;

interface TriggerFieldsProps {
  mode: TriggerFormMode;
  form: TriggerFormState;
}

/** The trigger form's fields: action (when managing), type, symbol, source, keywords, active. */
export function TriggerFields({ mode, form: { register, errors, deleting } }: TriggerFieldsProps) {
  const id = useId();
  const wording = WORDING[mode];
  const text = (name: 'symbol' | 'source' | 'keywords', label: string) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(describedBy) => (
        <input
          id={`${id}-${name}`}
          type="text"
          autoComplete="off"
          placeholder={wording.placeholders[name]}
          disabled={deleting && name !== 'symbol'}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={describedBy}
          className={inputClassName}
          {...register(name)}
        />
      )}
    </FormField>
  );
  return (
    <>
      {mode === 'manage' ? (
        <FormField id={`${id}-action`} label="Action">
          {() => (
            <select id={`${id}-action`} className={inputClassName} {...register('action')}>
              {ACTIONS.map((a) => (
                <option key={a.value} value={a.value}>
                  {a.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
      ) : null}
      <FormField id={`${id}-type`} label="Trigger Type" error={errors.type?.message}>
        {(describedBy) => (
          <select
            id={`${id}-type`}
            aria-invalid={errors.type ? true : undefined}
            aria-describedby={describedBy}
            className={inputClassName}
            {...register('type')}
          >
            <option value="">Select a type</option>
            {TRIGGER_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {text('symbol', 'Symbol')}
      {text('source', 'Source')}
      {text('keywords', wording.keywords)}
      <label className={wording.active}>
        <input
          type="checkbox"
          disabled={deleting}
          className="h-4 w-4 accent-orange-600"
          {...register('active')}
        />
        Active
      </label>
    </>
  );
}
