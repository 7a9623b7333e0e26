import type { ReactNode } from 'react';

/** The centred panel shared by the sign-in and sign-up screens. */
export function AuthCard({
  title,
  children,
  footer,
}: {
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-md py-8">
      <h1 className="mb-6 text-center text-3xl font-bold tracking-tight text-white">{title}</h1>
      <div className="rounded-xl border border-slate-800 bg-slate-900 p-6 shadow-xl sm:p-8">
        {children}
        {footer ? <p className="mt-6 text-center text-sm text-slate-400">{footer}</p> : null}
      </div>
    </div>
  );
}
