/**
 * The front of the mail port: a real mail server when SMTP_URL is set, else the outbox in DATA_DIR
 * (the embedded default: `npm start` works with nothing installed).
 */
import path from 'node:path';
import type { Config } from '../../config';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import { tracked } from './tracked';

export type { Mailer, MailMessage, MailStatus } from './mailer';

export interface MailLog {
  info(entry: object, message: string): void;
}

export function createMailer(config: Config, log: MailLog): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) return tracked(createSmtpMailer({ url: smtpUrl, from }));
  return tracked(
    createOutboxMailer({
      dir: path.join(config.dataDir, 'outbox'),
      from,
      log: (entry) =>
        log.info(entry, 'mail kept in the outbox (SMTP_URL is not set): open its link yourself'),
    }),
  );
}
