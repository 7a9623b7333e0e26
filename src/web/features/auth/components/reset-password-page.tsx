import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { newPasswordInputSchema } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { NewPasswordFields } from '../../../components/ui/new-password-fields';
import { ApiError, serverErrorMessage } from '../../../lib/api-client';
import { useResetPassword } from '../api/password-reset';
import { AuthCard } from './auth-card';

export const PASSWORD_CHANGED = 'Your password is changed. Sign in with the new one.';
export const RESET_LINK_DEAD = 'This link has expired or was already used. Ask for a new one.';

const askAgain = (
  <Link to="/forgot-password" className="font-medium text-orange-400 hover:text-orange-300">
    Ask for a new link
  </Link>
);

/** /reset-password?token=…: the page a mailed reset link opens. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newPasswordInputSchema),
    defaultValues: { password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await resetPassword.mutateAsync({ token, password });
      toast.success(PASSWORD_CHANGED);
      await navigate('/auth');
    } catch (error) {
      const dead = error instanceof ApiError && error.status === 400 && /token/i.test(error.message);
      toast.error(dead ? RESET_LINK_DEAD : serverErrorMessage(error, 'Could not change the password'));
    }
  });

  if (!token)
    return (
      <AuthCard title="Choose a new password" footer={askAgain}>
        <p role="status" className="text-slate-200">
          This link is incomplete: open the whole link from the message, or ask for a new one.
        </p>
      </AuthCard>
    );
  return (
    <AuthCard title="Choose a new password" footer={askAgain}>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="space-y-4"
        aria-label="Choose a new password"
      >
        <p className="text-sm text-slate-400">A new password signs you out on every device.</p>
        <NewPasswordFields password={register('password')} confirm={register('confirm')} errors={errors} />
        <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
          Change Password
        </Button>
      </form>
    </AuthCard>
  );
}
