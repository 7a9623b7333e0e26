import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { createReferralInputSchema, type CreateReferralInput } from '../../../../contract/referrals';
import { Button } from '../../../components/ui/button';
import { FormField, inputClassName } from '../../../components/ui/form-field';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { CREATE_REFERRAL_ERROR, useCreateReferral } from '../api/create-referral';

/** Trader spec 5: forced upper case, at most 20 characters, 6-20 letters or digits. */
export function ReferralEntryForm() {
  const create = useCreateReferral();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CreateReferralInput>({
    resolver: zodResolver(createReferralInputSchema),
    defaultValues: { referralCode: '' },
  });
  const field = register('referralCode');

  const onSubmit = handleSubmit((input) => {
    create.mutate(input, {
      onSuccess: () => {
        toast.success('Referral submitted successfully');
        reset({ referralCode: '' });
      },
      onError: (error) => toast.error(serverErrorMessage(error, CREATE_REFERRAL_ERROR)),
    });
  });

  return (
    <SectionCard title="Enter a Referral Code">
      <form
        noValidate
        aria-label="Enter a referral code"
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
      >
        <FormField
          id="referral-code-entry"
          label="Referral Code"
          error={errors.referralCode?.message}
          hint="Were you invited? Enter your friend's code once."
        >
          {(describedBy) => (
            <input
              id="referral-code-entry"
              type="text"
              maxLength={20}
              autoComplete="off"
              spellCheck={false}
              placeholder="FRIEND42"
              aria-invalid={errors.referralCode ? true : undefined}
              aria-describedby={describedBy}
              className={`${inputClassName} font-mono uppercase`}
              {...field}
              onChange={(event) => {
                event.target.value = event.target.value.toUpperCase();
                void field.onChange(event);
              }}
            />
          )}
        </FormField>
        <Button type="submit" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {create.isPending ? 'Processing...' : 'Submit Referral'}
        </Button>
      </form>
    </SectionCard>
  );
}
