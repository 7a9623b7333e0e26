import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { backupCodeSchema, totpCodeSchema } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, serverErrorMessage } from '../../../lib/api-client';
import { useAnswerSecondFactor } from '../api/second-factor';

export const ENTER_APP_CODE = 'Enter the 6-digit code from your authenticator app.';
export const ENTER_BACKUP_CODE = 'Enter one of the backup codes you saved when you turned two-factor on.';
export const SIGN_IN_EXPIRED = 'This sign-in has expired: enter your password again.';

/**
 * Sign-in's second step for an account with two-factor on. A challenge that ran out (ten minutes,
 * or five wrong codes) sends the user back to the password.
 */
export function SecondFactorStep({ onRestart }: { onRestart: () => void }) {
  const [backup, setBackup] = useState(false);
  const answer = useAnswerSecondFactor();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(backup ? backupCodeSchema : totpCodeSchema),
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await answer.mutateAsync({ code, backup });
    } catch (error) {
      const expired = error instanceof ApiError && /two factor cookie|too many attempts/i.test(error.message);
      toast.error(expired ? SIGN_IN_EXPIRED : serverErrorMessage(error, 'Could not check the code'));
      if (expired) onRestart();
    }
  });

  const switchTo = (useBackup: boolean) => {
    setBackup(useBackup);
    reset({ code: '' });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="space-y-4"
      aria-label="Two-factor authentication"
    >
      <p className="text-sm text-slate-300">{backup ? ENTER_BACKUP_CODE : ENTER_APP_CODE}</p>
      <TextField
        key={backup ? 'backup' : 'app'}
        label={backup ? 'Backup code' : 'Authentication code'}
        inputMode={backup ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoFocus
        error={errors.code?.message}
        {...register('code')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        Verify
      </Button>
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-slate-400 hover:text-orange-300"
          onClick={() => switchTo(!backup)}
        >
          {backup ? 'Use the code from my app' : 'Use a backup code instead'}
        </button>
        <button type="button" className="text-slate-400 hover:text-orange-300" onClick={onRestart}>
          Start over
        </button>
      </div>
    </form>
  );
}
