import { TextField, type TextFieldProps } from './text-field';

/** The 6-digit code of an authenticator app, typed or filled in by the phone's keyboard. */
export function AppCodeField(props: Omit<TextFieldProps, 'label'>) {
  return (
    <TextField label="Authentication code" inputMode="numeric" autoComplete="one-time-code" {...props} />
  );
}
