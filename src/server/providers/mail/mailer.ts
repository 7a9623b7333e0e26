import type { MailStatus } from '../../../contract/admin-system-health';

export type { MailStatus };

/** One message, as every template renders it: plain text with an HTML twin. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, e.g. `List-Unsubscribe` (nodemailer sends them as given). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * `smtp` hands messages to the mail server in SMTP_URL; `outbox` (no SMTP_URL) keeps them as
   * files in DATA_DIR and logs their links, so nobody receives them.
   */
  readonly kind: 'smtp' | 'outbox';
  /** Resolves once the message is handed over; rejects with a clear error when it could not be. */
  send(message: MailMessage): Promise<void>;
  /** How sending has gone in this process, as System Health shows it. */
  status(): MailStatus;
  close(): void;
}

/** A way to send, before status tracking is added (tracked.ts). */
export type MailTransport = Omit<Mailer, 'status'>;
