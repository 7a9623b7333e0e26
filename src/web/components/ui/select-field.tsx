import { FormField, inputClassName } from './form-field';

interface SelectFieldProps<T extends string | number> {
  id: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}

/** A labelled select whose options carry typed values (a page size, a time range, ...). */
export function SelectField<T extends string | number>({
  id,
  label,
  value,
  options,
  onChange,
}: SelectFieldProps<T>) {
  return (
    <FormField id={id} label={label}>
      {() => (
        <select
          id={id}
          value={value}
          onChange={(event) => {
            const chosen = options.find((option) => String(option.value) === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
          className={inputClassName}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** Page sizes as select options: 10 → '10'. */
export const pageSizeOptions = (sizes: readonly number[]) =>
  sizes.map((size) => ({ value: size, label: String(size) }));
