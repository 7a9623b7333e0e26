import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { passwordResetRequestSchema } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { serverErrorMessage } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthCard } from './auth-card';

export const RESET_LINK_SENT =
  'If an account uses that address, a link to choose a new password is on its way. It works once, within one hour.';

const backToSignIn = (
  <Link to="/auth" className="font-medium text-orange-400 hover:text-orange-300">
    Back to sign in
  </Link>
);

/** /forgot-password: asks for a reset link by mail. */
export function ForgotPasswordPage() {
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestReset.mutateAsync(email);
    } catch (error) {
      toast.error(serverErrorMessage(error, 'Could not ask for a reset link'));
    }
  });

  return (
    <AuthCard title="Reset your password" footer={backToSignIn}>
      {requestReset.isSuccess ? (
        <p role="status" className="text-slate-200">
          {RESET_LINK_SENT}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="space-y-4"
          aria-label="Reset your password"
        >
          <p className="text-sm text-slate-400">
            Enter the address you signed up with and we will mail you a link to choose a new password.
          </p>
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
            Send Reset Link
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
