import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../page-container';

export const LEGAL_NAME = 'HeatSignal Labs Ltd.';
export const EFFECTIVE_DATE = '21 November 2026';

export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageContainer className="py-8">
      <article className="mx-auto max-w-3xl">
        <header className="border-b border-slate-800 pb-8">
          <h1 className="text-4xl font-extrabold tracking-tight text-white">{title}</h1>
          <p className="mt-3 text-sm text-slate-400">
            Effective date: <time dateTime="2026-11-21">{EFFECTIVE_DATE}</time>
          </p>
          <div className="mt-6 leading-relaxed text-slate-300">{intro}</div>
        </header>
        {children}
      </article>
    </PageContainer>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-b border-slate-800 py-8 last:border-b-0">
      <h2 className="text-2xl font-semibold text-white">{title}</h2>
      <div className="mt-4 space-y-4 leading-relaxed text-slate-300 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6">
        {children}
      </div>
    </section>
  );
}

export function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="font-semibold text-orange-400 underline-offset-2 hover:text-orange-300 hover:underline"
    >
      {children}
    </Link>
  );
}
