import { formatDateTime } from '../../lib/format';

/** 'Nov 23, 2026' over '10:15 AM': keeps a date column narrow enough for wide tables to fit a laptop. */
export function DateTimeLines({ value }: { value: string }) {
  const text = formatDateTime(value);
  const split = text.lastIndexOf(', ');
  if (split < 0) return <>{text}</>;
  return (
    <>
      <span className="block">{text.slice(0, split)}</span>
      <span className="block text-xs text-slate-400">{text.slice(split + 2)}</span>
    </>
  );
}
