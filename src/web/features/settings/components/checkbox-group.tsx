import type { UseFormRegisterReturn } from 'react-hook-form';

interface CheckboxGroupProps {
  legend: string;
  /** Value sent → label shown. */
  options: readonly { value: string; label: string }[];
  /** One registration for every box: react-hook-form collects the ticked values into an array. */
  registration: UseFormRegisterReturn;
  idPrefix: string;
  error?: string;
}

export function CheckboxGroup({ legend, options, registration, idPrefix, error }: CheckboxGroupProps) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-200">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
        {options.map((option) => {
          const id = `${idPrefix}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-700 bg-slate-900/60 px-3 py-2 text-sm text-slate-200 hover:border-slate-500"
            >
              <input
                id={id}
                type="checkbox"
                value={option.value}
                className="h-4 w-4 accent-orange-500"
                {...registration}
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
