import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './mailer';

export interface OutboxMailerOptions {
  /** Where the messages go, one RFC 822 `.eml` file each (DATA_DIR/outbox). */
  dir: string;
  from: string;
  /** Told of every message with its links, the only way its reader gets them. */
  log: (entry: { to: string; subject: string; file: string; links: string[] }) => void;
}

/**
 * The embedded default when no mail server is configured: each message is composed exactly as it
 * would be sent (nodemailer's stream transport) and kept as a file only its owner can read, since
 * its links (a password reset, a verification) are credentials.
 */
export function createOutboxMailer({ dir, from, log }: OutboxMailerOptions): MailTransport {
  const compose = nodemailer.createTransport({ streamTransport: true, buffer: true }, { from });
  return {
    kind: 'outbox',
    async send(message: MailMessage) {
      const { message: raw } = (await compose.sendMail(message)) as { message: Buffer };
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, raw, { mode: 0o600 });
      log({
        to: message.to,
        subject: message.subject,
        file,
        links: message.text.match(/https?:\/\/\S+/g) ?? [],
      });
    },
    close: () => compose.close(),
  };
}
