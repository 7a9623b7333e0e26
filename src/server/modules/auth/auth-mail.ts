import type { MailMessage } from '../../providers/mail';
import { renderMail } from '../../providers/mail/message';

/** Where a reset link leads: the web app's page that asks for the new password. */
export function passwordResetUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** Where a verification link leads: the web app's page that confirms the address with the token. */
export function verifyEmailUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
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

/** `gatesWithdrawals`: the server refuses withdrawals until the address is verified (SMTP_URL set). */
export function verificationMail(to: string, url: string, gatesWithdrawals: boolean): MailMessage {
  const intro =
    'Confirm that this address belongs to your HeatSignal account with the link below: it works within 24 hours.';
  return renderMail({
    to,
    subject: 'Verify your email address',
    paragraphs: gatesWithdrawals
      ? [intro, 'Until the address is verified, the account cannot withdraw.']
      : [intro],
    action: { label: 'Verify my address', url },
    footer: 'If you did not sign up for HeatSignal, ignore this message: nothing happens without the link.',
  });
}
