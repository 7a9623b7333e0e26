import type { ReactNode } from 'react';
import { Link } from 'react-router';

const VARIANTS = {
  primary:
    'bg-orange-700 text-white hover:bg-orange-800 focus-visible:outline-orange-300 shadow-lg shadow-orange-700/20',
  secondary:
    'border border-slate-600 text-slate-100 hover:border-slate-400 hover:bg-slate-800 focus-visible:outline-slate-300',
} as const;

interface LinkButtonProps {
  to: string;
  children: ReactNode;
  variant?: keyof typeof VARIANTS;
}

export function LinkButton({ to, children, variant = 'primary' }: LinkButtonProps) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center justify-center rounded-lg px-6 py-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ${VARIANTS[variant]}`}
    >
      {children}
    </Link>
  );
}
