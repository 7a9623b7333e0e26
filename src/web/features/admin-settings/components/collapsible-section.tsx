import { useId, useState, type ReactNode } from 'react';

interface CollapsibleSectionProps {
  title: string;
  children: ReactNode;
  defaultOpen?: boolean;
}

/** A section of the settings screen that folds away; its heading is the toggle. */
export function CollapsibleSection({ title, children, defaultOpen = true }: CollapsibleSectionProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-2xl border border-slate-700 bg-slate-800/60"
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-white">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((value) => !value)}
          className="flex w-full items-center justify-between gap-2 rounded-2xl p-4 text-left focus-visible:outline-2 focus-visible:outline-orange-400 sm:px-6"
        >
          {title}
          <span aria-hidden="true" className="text-slate-400">
            {open ? '▾' : '▸'}
          </span>
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="px-4 pb-4 sm:px-6 sm:pb-6">
        {children}
      </div>
    </section>
  );
}
