import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { changeEmailInputSchema } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';
import { TextField } from '../../../components/ui/text-field';
import { serverErrorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import { useChangeEmail } from '../api/credentials';

export const emailChangeSent = (address: string) =>
  `We sent a link to ${address}. Your address changes when you open it (within 24 hours).`;

/** Settings' 'Email Address': the current one, and a new one that takes effect once verified. */
export function EmailCard() {
  const { user } = useAuth();
  const change = useChangeEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(changeEmailInputSchema), defaultValues: { newEmail: '' } });

  const onSubmit = handleSubmit(async ({ newEmail }) => {
    try {
      await change.mutateAsync(newEmail);
      setSentTo(newEmail);
      reset();
    } catch (error) {
      toast.error(serverErrorMessage(error, 'Could not change the address'));
    }
  });

  return (
    <SectionCard title="Email Address">
      <div className="space-y-3 text-sm">
        <p className="text-slate-300">
          {user?.email} · {user?.emailVerified ? 'verified' : 'not verified yet'}
        </p>
        {sentTo ? (
          <p role="status" className="text-slate-200">
            {emailChangeSent(sentTo)}
          </p>
        ) : null}
        <form
          noValidate
          aria-label="Change email"
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-3"
        >
          <TextField
            label="New email address"
            type="email"
            autoComplete="email"
            error={errors.newEmail?.message}
            {...register('newEmail')}
          />
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            Change Email
          </Button>
        </form>
      </div>
    </SectionCard>
  );
}
