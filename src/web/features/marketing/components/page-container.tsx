import type { ReactNode } from 'react';

/** The 7xl page width; the shared layout already pads the page, so no horizontal padding here. */
export function PageContainer({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-7xl ${className}`}>{children}</div>;
}

export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-white">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-slate-400">{lead}</p> : null}
    </div>
  );
}
