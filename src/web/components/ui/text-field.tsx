import { useId, type InputHTMLAttributes, type Ref } from 'react';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
}

/** Labelled input with its validation message announced (role="alert") and linked. */
export function TextField({ label, error, id, className = '', ...props }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-200">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={
          'block w-full rounded-md border bg-slate-800 px-3 py-2 text-slate-100 placeholder-slate-500 ' +
          'focus:outline-none focus:ring-2 focus:ring-orange-500 ' +
          (error ? 'border-red-500 ' : 'border-slate-600 ') +
          className
        }
        {...props}
      />
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
