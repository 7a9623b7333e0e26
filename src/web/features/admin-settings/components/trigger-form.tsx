import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ManageTriggerInput } from '../../../../contract/admin-triggers';
import { TRIGGER_TYPES } from '../../../../contract/enums';
import { Button } from '../../../components/ui/button';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { EMPTY_TRIGGER_FORM, triggerFormSchema, type TriggerFormValues } from '../lib/trigger-form';

const ACTIONS = [
  { value: 'add', label: 'Add' },
  { value: 'update', label: 'Update' },
  { value: 'delete', label: 'Delete' },
] as const;

interface TriggerFormProps {
  /** Values Edit loaded; a new object each time, so the same row can be loaded twice. */
  loaded: TriggerFormValues | null;
  pending: boolean;
  /** Resolves true when the action went through; the form then starts over (admin spec 4). */
  onSubmit: (input: ManageTriggerInput) => Promise<boolean>;
}

/** The Live Triggers manage form: add, update or delete one trigger. */
export function TriggerForm({ loaded, pending, onSubmit }: TriggerFormProps) {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    control: formControl,
    formState: { errors },
  } = useForm<TriggerFormValues, unknown, ManageTriggerInput>({
    resolver: zodResolver(triggerFormSchema),
    defaultValues: EMPTY_TRIGGER_FORM,
  });

  // Also on mount: registration alone leaves a select on its first option in some DOMs (happy-dom).
  useEffect(() => reset(loaded ?? EMPTY_TRIGGER_FORM), [loaded, reset]);

  const submit = handleSubmit(async (input) => {
    if (await onSubmit(input)) reset(EMPTY_TRIGGER_FORM);
  });
  const deleting = useWatch({ control: formControl, name: 'action' }) === 'delete';

  const control = (name: 'symbol' | 'source' | 'keywords', label: string, placeholder: string) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]?.message}>
      {(describedBy) => (
        <input
          id={`${id}-${name}`}
          type="text"
          autoComplete="off"
          placeholder={placeholder}
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
    <form
      noValidate
      aria-label="Manage Trigger"
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
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
        {control('symbol', 'Symbol', 'BTC/USD')}
        {control('source', 'Source', 'https://example.com/feed.xml')}
        {control('keywords', 'Keywords', 'etf, halving')}
        <label className="flex items-center gap-2 self-end pb-2.5 text-sm text-slate-200">
          <input
            type="checkbox"
            disabled={deleting}
            className="h-4 w-4 accent-orange-600"
            {...register('active')}
          />
          Active
        </label>
      </div>
      <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
        {pending ? 'Processing...' : 'Submit'}
      </Button>
    </form>
  );
}
