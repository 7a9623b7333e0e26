import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';
import { serverErrorMessage } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth/use-auth';
import {
  useFinishTwoFactor,
  useStartTwoFactor,
  useTurnOffTwoFactor,
  type TwoFactorSetup as Setup,
} from '../api/two-factor';
import { PasswordConfirmForm } from './password-confirm-form';
import { TwoFactorSetup } from './two-factor-setup';

export const TWO_FACTOR_OFF_TEXT =
  'Two-factor authentication is off. Turn it on to be asked for a code from an authenticator app when you sign in and before money leaves your account.';
export const TWO_FACTOR_ON_TEXT =
  'Two-factor authentication is on: sign-in, withdrawals and approvals ask for a code from your authenticator app.';
export const TWO_FACTOR_TURNED_ON = 'Two-factor authentication is on.';
export const TWO_FACTOR_TURNED_OFF = 'Two-factor authentication is off.';

/** Settings' two-factor section: turn it on (password, QR code, first code) or off (password). */
export function TwoFactorCard() {
  const { user } = useAuth();
  const [asking, setAsking] = useState<'on' | 'off' | null>(null);
  const [setup, setSetup] = useState<Setup | null>(null);
  const start = useStartTwoFactor();
  const finish = useFinishTwoFactor();
  const turnOff = useTurnOffTwoFactor();
  const enabled = user?.twoFactorEnabled ?? false;

  /** Runs a step; a refusal is toasted with the server's reason and the step stays open. */
  const step = (run: () => Promise<void>, fallback: string) => async () => {
    try {
      await run();
    } catch (error) {
      toast.error(serverErrorMessage(error, fallback));
    }
  };

  let body;
  if (setup) {
    body = (
      <TwoFactorSetup
        setup={setup}
        onCancel={() => setSetup(null)}
        onVerify={(code) =>
          step(async () => {
            await finish.mutateAsync(code);
            setSetup(null);
            toast.success(TWO_FACTOR_TURNED_ON);
          }, 'Could not check the code')()
        }
      />
    );
  } else if (asking) {
    const on = asking === 'on';
    body = (
      <PasswordConfirmForm
        label={on ? 'Turn on two-factor' : 'Turn off two-factor'}
        submitLabel={on ? 'Continue' : 'Turn Off'}
        onCancel={() => setAsking(null)}
        onSubmit={(password) =>
          step(
            async () => {
              if (on) setSetup(await start.mutateAsync(password));
              else {
                await turnOff.mutateAsync(password);
                toast.success(TWO_FACTOR_TURNED_OFF);
              }
              setAsking(null);
            },
            on ? 'Could not turn two-factor on' : 'Could not turn two-factor off',
          )()
        }
      />
    );
  } else {
    body = (
      <Button variant={enabled ? 'secondary' : 'primary'} onClick={() => setAsking(enabled ? 'off' : 'on')}>
        {enabled ? 'Turn Off Two-Factor' : 'Turn On Two-Factor'}
      </Button>
    );
  }

  return (
    <SectionCard title="Two-Factor Authentication">
      <div className="space-y-4">
        <p role="status" className="text-sm text-slate-300">
          {enabled ? TWO_FACTOR_ON_TEXT : TWO_FACTOR_OFF_TEXT}
        </p>
        {body}
      </div>
    </SectionCard>
  );
}
