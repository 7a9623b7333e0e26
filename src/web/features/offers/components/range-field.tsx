import { useId, useState } from 'react';
import { inputClassName } from '../../../components/ui/form-field';
import {
  RANGE_HIGHEST,
  RANGE_LOWEST,
  parseMaxBound,
  parseMinBound,
  readBound,
  withMax,
  withMin,
  type ScoreRange,
} from '../lib/offer-filters';

interface RangeFieldProps {
  /** 'Success Rate' or 'Heat Score': the group's name and the inputs' ('Min Success Rate'). */
  name: string;
  range: ScoreRange;
  onChange: (range: ScoreRange) => void;
  disabled?: boolean;
}

/** Min and max, 0-100 step 1 (trader spec 2.7, 5); the max never stays below the min. */
export function RangeField({ name, range, onChange, disabled = false }: RangeFieldProps) {
  return (
    <fieldset className="min-w-0">
      <legend className="block text-sm font-medium text-slate-200">{name} (0-100)</legend>
      <div className="mt-2 grid grid-cols-2 gap-3">
        <BoundInput
          label="Min"
          name={name}
          value={range.min}
          parse={parseMinBound}
          onCommit={(min) => onChange(withMin(range, min))}
          disabled={disabled}
        />
        <BoundInput
          label="Max"
          name={name}
          value={range.max}
          parse={parseMaxBound}
          onCommit={(max) => onChange(withMax(range, max))}
          disabled={disabled}
        />
      </div>
    </fieldset>
  );
}

interface BoundInputProps {
  label: 'Min' | 'Max';
  name: string;
  value: number;
  parse: (text: string) => number;
  onCommit: (value: number) => void;
  disabled: boolean;
}

/**
 * What is typed stays as typed while the field has focus; each valid whole number applies at
 * once. Leaving the field applies the spec's fallback to anything invalid (min 0, max 100) and
 * shows the value in force, e.g. a max raised to the min.
 */
function BoundInput({ label, name, value, parse, onCommit, disabled }: BoundInputProps) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={id} className="block text-xs text-slate-400">
        {label}
        <span className="sr-only"> {name}</span>
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={RANGE_LOWEST}
        max={RANGE_HIGHEST}
        step={1}
        disabled={disabled}
        value={draft ?? String(value)}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const valid = readBound(text);
          if (valid !== null) onCommit(valid);
        }}
        onBlur={() => {
          if (draft === null) return;
          onCommit(parse(draft));
          setDraft(null);
        }}
        className={`${inputClassName} mt-1 disabled:opacity-60`}
      />
    </div>
  );
}
