import type { ReactNode } from 'react';

export function DocsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className="scroll-mt-24 border-t border-slate-800 py-10">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-white">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-300">{children}</div>
    </section>
  );
}

export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <pre
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-700 bg-slate-950 p-4 text-sm leading-relaxed text-slate-200"
    >
      <code>{children}</code>
    </pre>
  );
}

export function InlineCode({ children }: { children: ReactNode }) {
  return <code className="rounded bg-slate-800 px-1.5 py-0.5 text-sm text-orange-300">{children}</code>;
}
