import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { serverErrorMessage } from '../../../lib/api-client';
import { signInInputSchema } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { SecondFactorNeeded } from '../../../lib/auth/post-credentials';
import { useSignInWithEmail } from '../api/sign-in-with-email';
import { SecondFactorStep } from './second-factor-step';

/** On success the session is live; the page decides where to go. */
export function SignInForm() {
  const signIn = useSignInWithEmail();
  const [secondFactor, setSecondFactor] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(signInInputSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      if (error instanceof SecondFactorNeeded) setSecondFactor(true);
      else toast.error(serverErrorMessage(error, 'Sign in failed'));
    }
  });

  if (secondFactor) return <SecondFactorStep onRestart={() => setSecondFactor(false)} />;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4" aria-label="Sign in">
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
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        Sign In
      </Button>
    </form>
  );
}
