import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, type BaseSyntheticEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ManageTriggerInput } from '../../../../contract/admin-triggers';
import { fieldErrors } from '../../../components/ui/form-dialog';
import { EMPTY_TRIGGER_FORM, triggerFormSchema, type TriggerFormValues } from '../lib/trigger-form';

interface TriggerFormOptions {
  /** Where the form starts, and returns to after a change went through (a constant). */
  initial?: TriggerFormValues;
  /** Values Edit loaded; a new object each time, so the same row can be loaded twice. */
  loaded?: TriggerFormValues | null;
  /** Resolves true when the change went through; the form then starts over (admin spec 4). */
  onValid: (input: ManageTriggerInput) => Promise<boolean> | void;
}

/**
 * The one trigger form's state (Live Triggers and the Eye's Add Trigger): the values are checked by
 * the contract's own schema, so the form's messages are the server's (admin spec 5).
 */
export function useTriggerForm({ initial = EMPTY_TRIGGER_FORM, loaded = null, onValid }: TriggerFormOptions) {
  const form = useForm<TriggerFormValues, unknown, ManageTriggerInput>({
    resolver: zodResolver(triggerFormSchema),
    defaultValues: initial,
  });
  const { reset, handleSubmit, control, getValues, setError } = form;

  // Also on mount: registration alone leaves a select on its first option in some DOMs (happy-dom).
  useEffect(() => reset(loaded ?? initial), [loaded, initial, reset]);

  const send = handleSubmit(async (input) => {
    if ((await onValid(input)) === true) reset(initial);
  });
  // The messages show in the same event as the click; handleSubmit (asynchronous) then checks
  // again, marks the form submitted (so a fix clears its message as it is typed) and sends.
  const submit = (event?: BaseSyntheticEvent) => {
    const checked = triggerFormSchema.safeParse(getValues());
    if (!checked.success) {
      for (const [name, message] of Object.entries(fieldErrors(checked.error.issues))) {
        setError(name as keyof TriggerFormValues, { message });
      }
    }
    return send(event);
  };
  const deleting = useWatch({ control, name: 'action' }) === 'delete';
  return { register: form.register, errors: form.formState.errors, submit, deleting };
}

export type TriggerFormState = ReturnType<typeof useTriggerForm>;
