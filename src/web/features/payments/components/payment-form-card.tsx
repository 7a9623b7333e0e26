import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';

interface PaymentFormCardProps {
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/** One of the Deposit / Withdraw / Tip forms; the button reads 'Processing...' while in flight. */
export function PaymentFormCard({
  title,
  description,
  submitLabel,
  pending,
  onSubmit,
  children,
}: PaymentFormCardProps) {
  return (
    <SectionCard title={title} className="flex flex-col">
      <form noValidate aria-label={title} onSubmit={onSubmit} className="flex flex-1 flex-col gap-4">
        <p className="text-sm text-slate-400">{description}</p>
        {children}
        <Button type="submit" className="mt-auto w-full" disabled={pending} aria-busy={pending || undefined}>
          {pending ? 'Processing...' : submitLabel}
        </Button>
      </form>
    </SectionCard>
  );
}
