import { toast } from 'react-toastify';
import type { EmailSettingKind, EmailSettings } from '../../../../contract/notifications';
import { SectionCard } from '../../../components/ui/section-card';
import { StatusMessage } from '../../../components/ui/status-message';
import { serverErrorMessage } from '../../../lib/api-client';
import {
  EMAIL_SETTINGS_LOAD_ERROR,
  EMAIL_SETTINGS_SAVE_ERROR,
  useEmailSettings,
  useUpdateEmailSettings,
} from '../api/email-settings';

const CHOICES: { kind: EmailSettingKind; label: string; hint: string }[] = [
  { kind: 'tradeClosed', label: 'Trade closed', hint: 'When one of your trades closes, with its result.' },
  { kind: 'withdrawals', label: 'Withdrawals', hint: 'When a withdrawal of yours is approved or rejected.' },
  {
    kind: 'digest',
    label: 'Daily digest',
    hint: 'At most once a day, the new offers matching your preferences.',
  },
];

/**
 * Settings' 'Email notifications' (issue #21): which mails the trader gets. Each toggle saves at
 * once; every mail also has a link that turns its own kind off. The bell shows everything anyway.
 */
export function EmailNotificationsCard() {
  const settings = useEmailSettings();
  const update = useUpdateEmailSettings();
  const current = update.isPending && update.variables ? update.variables : settings.data;

  const toggle = (kind: EmailSettingKind, on: boolean) => {
    if (!current) return;
    const next: EmailSettings = { ...current, [kind]: on };
    update.mutate(next, {
      onError: (error) => toast.error(serverErrorMessage(error, EMAIL_SETTINGS_SAVE_ERROR)),
    });
  };

  return (
    <SectionCard title="Email notifications">
      {current ? (
        <fieldset disabled={update.isPending} className="space-y-3">
          <legend className="sr-only">Emails you get</legend>
          {CHOICES.map(({ kind, label, hint }) => (
            <label key={kind} className="flex cursor-pointer items-start gap-3 text-sm">
              <input
                type="checkbox"
                checked={current[kind]}
                onChange={(event) => toggle(kind, event.target.checked)}
                className="mt-0.5 h-4 w-4 accent-orange-500"
              />
              <span>
                <span className="block font-medium text-slate-100">{label}</span>
                <span className="block text-slate-400">{hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {serverErrorMessage(settings.error, EMAIL_SETTINGS_LOAD_ERROR)}
        </p>
      ) : (
        <StatusMessage>Loading...</StatusMessage>
      )}
    </SectionCard>
  );
}
