import { zodResolver } from '@hookform/resolvers/zod';
import { QRCodeSVG } from 'qrcode.react';
import { useForm } from 'react-hook-form';
import { totpCodeSchema } from '../../../../contract/account';
import { Button } from '../../../components/ui/button';
import { AppCodeField } from '../../../components/ui/app-code-field';
import { saveTextFile } from '../../../lib/download';
import type { TwoFactorSetup as Setup } from '../api/two-factor';

export const SCAN_QR =
  'Scan this QR code with your authenticator app (for example Google Authenticator, 1Password or Aegis), or type the key below into it.';
export const SAVE_BACKUP_CODES =
  'Save these backup codes somewhere safe: each signs you in once if you lose your phone. They are shown only now.';

/** The key an app can take by hand, in groups of four as apps show it. */
export function manualKey(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Step 2 of turning two-factor on: the QR code, the backup codes, and the first code from the app. */
export function TwoFactorSetup({
  setup,
  onVerify,
  onCancel,
}: {
  setup: Setup;
  onVerify: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } });

  return (
    <div className="space-y-4 text-sm text-slate-300">
      <p>{SCAN_QR}</p>
      <div className="flex flex-wrap items-center gap-4">
        <div className="rounded-lg bg-white p-3">
          <QRCodeSVG
            value={setup.totpURI}
            size={160}
            role="img"
            aria-label="QR code for your authenticator app"
          />
        </div>
        <p>
          Key: <code className="font-mono text-slate-100">{manualKey(setup.totpURI)}</code>
        </p>
      </div>
      <p>{SAVE_BACKUP_CODES}</p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-x-4 gap-y-1 font-mono text-slate-100">
        {setup.backupCodes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button
        variant="secondary"
        onClick={() =>
          saveTextFile('heatsignal-backup-codes.txt', `${setup.backupCodes.join('\n')}\n`, 'text/plain')
        }
      >
        Download Backup Codes
      </Button>
      <form
        noValidate
        aria-label="Confirm two-factor"
        onSubmit={(event) => void handleSubmit(({ code }) => onVerify(code))(event)}
        className="space-y-3"
      >
        <AppCodeField error={errors.code?.message} {...register('code')} />
        <div className="flex gap-2">
          <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
            Verify and Turn On
          </Button>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
