import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { serverErrorMessage } from '../../../lib/api-client';
import { signUpInputSchema } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { REFERRAL_APPLIED_MESSAGE } from '../api/apply-stored-referral';
import { useSignUpWithEmail } from '../api/sign-up-with-email';

/** Creates the account and signs in; the page then moves on to /dashboard. */
export function SignUpForm() {
  const signUp = useSignUpWithEmail();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signUpInputSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { referral } = await signUp.mutateAsync(values);
      if (referral.status === 'applied') toast.success(REFERRAL_APPLIED_MESSAGE);
      if (referral.status === 'refused') toast.error(referral.error);
    } catch (error) {
      toast.error(serverErrorMessage(error, 'Sign up failed'));
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label="Sign up">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        Sign Up
      </Button>
    </form>
  );
}
