import type { ReactNode } from 'react';

/** One term and its value in a modal's detail list (a <dl>). */
export function DetailRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 border-b border-slate-800 pb-2">
      <dt className="text-slate-400">{term}</dt>
      <dd className="text-right font-medium text-slate-100">{children}</dd>
    </div>
  );
}
