import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField, inputClassName } from '../../../components/ui/form-field';

interface AmountFieldProps {
  id: string;
  error?: string;
  /** `register('amount', { valueAsNumber: true })`: an empty field reads as NaN, 'Amount is required'. */
  registration: UseFormRegisterReturn;
  hint?: string;
  placeholder?: string;
}

/** Dollars with cents (step 0.01); the contract's schema does the checking, not the browser. */
export function AmountField({ id, error, registration, hint, placeholder }: AmountFieldProps) {
  return (
    <FormField id={id} label="Amount ($)" error={error} hint={hint}>
      {(describedBy) => (
        <input
          id={id}
          type="number"
          step="0.01"
          inputMode="decimal"
          placeholder={placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClassName}
          {...registration}
        />
      )}
    </FormField>
  );
}
