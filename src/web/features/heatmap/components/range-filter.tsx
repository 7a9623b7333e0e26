import { RANGES, type RangeBounds, type RangeName } from '../lib/heatmap-filters';

interface RangeFilterProps {
  name: RangeName;
  /** e.g. 'Heat Score': the legend, and the sliders' 'Min …' / 'Max …' labels. */
  label: string;
  value: RangeBounds;
  format: (value: number) => string;
  onChange: (name: RangeName, side: 'min' | 'max', raw: string) => void;
}

/** A min and a max slider over one score (trader spec 2.8), each with its value beside its label. */
export function RangeFilter({ name, label, value, format, onChange }: RangeFilterProps) {
  const { bounds, step } = RANGES[name];
  return (
    <fieldset className="min-w-0 rounded-lg border border-slate-700 px-3 pt-1 pb-3">
      <legend className="px-1 text-sm font-medium text-slate-200">{label}</legend>
      {(['min', 'max'] as const).map((side, i) => {
        const id = `heatmap-${side}-${name}`;
        const sideLabel = `${side === 'min' ? 'Min' : 'Max'} ${label}`;
        return (
          <div key={side} className="mt-2">
            <div className="flex justify-between text-xs text-slate-300">
              <label htmlFor={id}>{sideLabel}</label>
              <output htmlFor={id} className="tabular-nums">
                {format(value[i]!)}
              </output>
            </div>
            <input
              id={id}
              type="range"
              min={bounds[0]}
              max={bounds[1]}
              step={step}
              value={value[i]}
              onChange={(event) => onChange(name, side, event.target.value)}
              className="mt-1 w-full accent-orange-500"
            />
          </div>
        );
      })}
    </fieldset>
  );
}
