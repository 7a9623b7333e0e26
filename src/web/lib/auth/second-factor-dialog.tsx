import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { totpCodeSchema } from '../../../contract/account';
import { FormDialog } from '../../components/ui/form-dialog';
import { AppCodeField } from '../../components/ui/app-code-field';
import { apiRequest, serverErrorMessage } from '../api-client';

export const CONFIRM_WITH_CODE =
  'Two-factor is on: enter the 6-digit code from your authenticator app to go on.';

/** 'Confirm it is you': proves a fresh second factor for this session, then the action is retried. */
export function SecondFactorDialog({ onDone }: { onDone: (proved: boolean) => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });

  const submit = handleSubmit(async ({ code }) => {
    try {
      await apiRequest('/auth/two-factor/verify-totp', {
        method: 'POST',
        body: { code },
        fallbackError: 'Could not check the code',
      });
      onDone(true);
    } catch (error) {
      setError('code', { message: serverErrorMessage(error, 'Could not check the code') });
    }
  });

  return (
    <FormDialog
      title="Confirm it is you"
      submitLabel="Confirm"
      busy={isSubmitting}
      onSubmit={() => void submit()}
      onCancel={() => onDone(false)}
    >
      <p className="text-sm text-slate-300">{CONFIRM_WITH_CODE}</p>
      <AppCodeField autoFocus error={errors.code?.message} {...register('code')} />
    </FormDialog>
  );
}
