import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  /** Shown right of the title (e.g. a total, a link). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled panel of a screen; the section is named by its heading for assistive technology. */
export function SectionCard({ title, actions, children, className = '' }: SectionCardProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl border border-slate-700 bg-slate-800/60 p-4 sm:p-6 ${className}`}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-white">
          {title}
        </h2>
        {actions ? <div className="flex flex-wrap items-center gap-2 text-sm">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}
