import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { changePasswordInputSchema } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { TextField } from '../../../components/ui/text-field';
import { serverErrorMessage } from '../../../lib/api-client';
import { useChangePassword } from '../api/credentials';

export const PASSWORD_CHANGED_HERE = 'Your password is changed. Every other session is signed out.';

/** Settings' 'Password': the current one, then the new one twice; other sessions end. */
export function PasswordCard() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(changePasswordInputSchema),
    defaultValues: { currentPassword: '', password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await change.mutateAsync(input);
      reset();
      toast.success(PASSWORD_CHANGED_HERE);
    } catch (error) {
      toast.error(serverErrorMessage(error, 'Could not change the password'));
    }
  });

  return (
    <SectionCard title="Password">
      <form
        noValidate
        aria-label="Change password"
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-3"
      >
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <NewPasswordFields password={register('password')} confirm={register('confirm')} errors={errors} />
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          Change Password
        </Button>
      </form>
    </SectionCard>
  );
}
