import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, inputClassName } from '../../../components/ui/form-field';

interface NumberFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  step?: number;
  /** `register(name, { valueAsNumber: true })`: empty reads as NaN and falls back to the default. */
  registration: UseFormRegisterReturn;
}

export function NumberField({ id, label, error, hint, step = 1, registration }: NumberFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(describedBy) => (
        <input
          id={id}
          type="number"
          step={step}
          inputMode="decimal"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClassName}
          {...registration}
        />
      )}
    </FormField>
  );
}
