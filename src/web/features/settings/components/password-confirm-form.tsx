import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { currentPasswordSchema } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';

/** Asks for the current password before a change to how the account signs in. */
export function PasswordConfirmForm({
  label,
  submitLabel,
  onSubmit,
  onCancel,
  danger = false,
}: {
  /** The form's accessible name, e.g. 'Turn on two-factor'. */
  label: string;
  submitLabel: string;
  onSubmit: (password: string) => Promise<void>;
  onCancel: () => void;
  /** The submit button warns: the step cannot be undone. */
  danger?: boolean;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(currentPasswordSchema), defaultValues: { password: '' } });
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={(event) => void handleSubmit(({ password }) => onSubmit(password))(event)}
      className="space-y-3"
    >
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        autoFocus
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex gap-2">
        <Button
          type="submit"
          variant={danger ? 'danger' : 'primary'}
          disabled={isSubmitting}
          aria-busy={isSubmitting}
        >
          {submitLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
