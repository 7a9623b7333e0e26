import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './text-field';

/** A new password typed twice, as every form that sets one asks for it. */
export function NewPasswordFields({
  password,
  confirm,
  errors,
}: {
  password: UseFormRegisterReturn;
  confirm: UseFormRegisterReturn;
  errors: { password?: { message?: string }; confirm?: { message?: string } };
}) {
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...password}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirm?.message}
        {...confirm}
      />
    </>
  );
}
