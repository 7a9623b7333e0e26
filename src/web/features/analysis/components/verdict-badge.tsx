import type { Verdict } from '../lib/verdict';

const STYLES: Record<Verdict, string> = {
  holds: 'border-emerald-700 bg-emerald-950/60 text-emerald-300',
  overstates: 'border-red-700 bg-red-950/60 text-red-300',
  understates: 'border-sky-700 bg-sky-950/60 text-sky-300',
  'too few offers to judge': 'border-slate-600 bg-slate-900 text-slate-300',
};

export function VerdictBadge({ verdict }: { verdict: Verdict }) {
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-medium ${STYLES[verdict]}`}>
      {verdict.charAt(0).toUpperCase() + verdict.slice(1)}
    </span>
  );
}
