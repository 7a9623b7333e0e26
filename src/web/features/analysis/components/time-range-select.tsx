import { timeRangeSchema, type TimeRange } from '../../../../contract/common';
import { inputClassName } from '../../../components/ui/form-field';
import { TIME_RANGE_OPTIONS } from '../../../lib/time-range';

/** Which offers count: those published within the range. */
export function TimeRangeSelect({
  value,
  onChange,
}: {
  value: TimeRange;
  onChange: (next: TimeRange) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="signal-quality-range" className="whitespace-nowrap text-sm font-medium text-slate-200">
        Time Range
      </label>
      <select
        id="signal-quality-range"
        value={value}
        onChange={(event) => onChange(timeRangeSchema.parse(event.target.value))}
        className={`${inputClassName} w-auto py-2`}
      >
        {TIME_RANGE_OPTIONS.map((range) => (
          <option key={range.value} value={range.value}>
            {range.label}
          </option>
        ))}
      </select>
    </div>
  );
}
