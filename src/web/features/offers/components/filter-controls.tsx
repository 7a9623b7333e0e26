import { useId, type ReactNode } from 'react';
import { inputClassName } from '../../../components/ui/form-field';

/*
 * The filters panel's building blocks: each control labelled, multi-selects as named groups of
 * checkboxes (usable by keyboard and screen reader alike, unlike a native multiple select).
 */

export const fieldLabel = 'block text-sm font-medium text-slate-200';
const checkboxClass = 'size-4 shrink-0 accent-orange-600 disabled:opacity-60';

interface Option<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly Option<T>[];
  onChange: (value: T) => void;
}

export function SelectField<T extends string>({ label, value, options, onChange }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(options.find((o) => o.value === event.target.value)?.value ?? value)}
        className={`${inputClassName} mt-2`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

interface CheckboxGroupProps<T extends string> {
  legend: string;
  options: readonly Option<T>[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  disabled?: boolean;
  /** Long lists fold behind a summary of the choice, so the panel stays short on a phone. */
  collapsible?: boolean;
}

/** A multi-select; nothing ticked means no filter, which the summary says as 'Any'. */
export function CheckboxGroup<T extends string>(props: CheckboxGroupProps<T>) {
  const { legend, options, selected, onChange, disabled = false, collapsible = false } = props;
  const toggle = (value: T, checked: boolean) =>
    onChange(
      options.filter((o) => (o.value === value ? checked : selected.includes(o.value))).map((o) => o.value),
    );
  const boxes = (
    <div
      className={
        collapsible ? 'mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2' : 'mt-2 flex flex-wrap gap-x-4 gap-y-2'
      }
    >
      {options.map((option) => (
        <label key={option.value} className="flex items-center gap-2 text-sm text-slate-200">
          <input
            type="checkbox"
            className={checkboxClass}
            checked={selected.includes(option.value)}
            disabled={disabled}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
  return (
    <fieldset className="min-w-0">
      <legend className={fieldLabel}>{legend}</legend>
      {collapsible ? (
        <details className="group mt-2 rounded-lg border border-slate-600 bg-slate-900">
          <summary className="cursor-pointer px-3 py-2.5 text-sm text-slate-100 marker:text-slate-400 focus-visible:outline-2 focus-visible:outline-orange-400">
            {summarize(options, selected)}
          </summary>
          <div className="border-t border-slate-700 px-3 pb-3">{boxes}</div>
        </details>
      ) : (
        boxes
      )}
    </fieldset>
  );
}

function summarize<T extends string>(options: readonly Option<T>[], selected: readonly T[]): string {
  if (selected.length === 0) return 'Any';
  if (selected.length > 2) return `${selected.length} selected`;
  return options
    .filter((o) => selected.includes(o.value))
    .map((o) => o.label)
    .join(', ');
}

export function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  hint?: ReactNode;
}) {
  const hintId = useId();
  return (
    <div className="flex flex-col justify-end">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-200">
        <input
          type="checkbox"
          className={checkboxClass}
          checked={props.checked}
          aria-describedby={props.hint ? hintId : undefined}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        {props.label}
      </label>
      {props.hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-400">
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}
