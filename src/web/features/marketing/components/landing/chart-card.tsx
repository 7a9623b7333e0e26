import { useId, type ReactNode } from 'react';

interface ChartCardProps {
  title: string;
  /** The card's export button. */
  action: ReactNode;
  children: ReactNode;
}

/** One chart of the landing's panel: its title, its export button, then the chart or its empty state. */
export function ChartCard({ title, action, children }: ChartCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-700 bg-slate-900 p-4 sm:p-5"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-white">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A chart's empty state, as tall as the chart would be so the page does not jump. */
export function ChartEmpty({ height, children }: { height: number; children: ReactNode }) {
  return (
    <p className="flex items-center justify-center text-center text-slate-400" style={{ height }}>
      {children}
    </p>
  );
}
