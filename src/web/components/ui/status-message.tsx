import type { ReactNode } from 'react';

/** A centred, announced one-liner for pending and redirecting states. */
export function StatusMessage({
  children,
  fullScreen = false,
}: {
  children: ReactNode;
  fullScreen?: boolean;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={`flex items-center justify-center text-slate-300 ${fullScreen ? 'min-h-screen bg-slate-950' : 'py-16'}`}
    >
      {children}
    </div>
  );
}
