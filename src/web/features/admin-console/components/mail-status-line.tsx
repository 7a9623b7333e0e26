import type { MailStatus } from '../../../../contract/admin-system-health';
import { formatDateTime } from '../../../lib/format';

/** What the process answering System Health can tell of its mail, in words. */
export function mailStatusText({ transport, lastSentAt, lastFailure }: MailStatus): {
  text: string;
  failing: boolean;
} {
  if (transport === 'outbox')
    return { text: 'Kept in the outbox (SMTP_URL is not set): nobody receives it', failing: false };
  if (lastFailure && (!lastSentAt || lastFailure.at > lastSentAt))
    return {
      text: `The last message failed at ${formatDateTime(lastFailure.at)}: ${lastFailure.error}`,
      failing: true,
    };
  return {
    text: lastSentAt
      ? `Sent through SMTP, last at ${formatDateTime(lastSentAt)}`
      : 'SMTP, nothing sent since this process started',
    failing: false,
  };
}

export function MailStatusLine({ status }: { status: MailStatus }) {
  const { text, failing } = mailStatusText(status);
  return (
    <p className="rounded-lg border border-slate-700 bg-slate-900/60 px-4 py-3 text-sm">
      <span className="text-slate-400">Mail: </span>
      <span className={failing ? 'text-red-400' : 'text-slate-200'}>{text}</span>
    </p>
  );
}
