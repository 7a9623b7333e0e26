import type { MailMessage } from '../../providers/mail';
import { renderMail } from '../../providers/mail/message';

/** Where a reset link leads: the web app's page that asks for the new password. */
export function passwordResetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function passwordResetMail(to: string, url: string): MailMessage {
  return renderMail({
    to,
    subject: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your HeatSignal account. If it was you, choose a new password with the link below: it works once, within one hour.',
      'A new password signs you out on every device.',
    ],
    action: { label: 'Choose a new password', url },
    footer: 'If you did not ask for this, ignore this message: your password stays as it is.',
  });
}
