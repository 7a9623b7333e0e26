import nodemailer from 'nodemailer';
import type { MailMessage, MailTransport } from './mailer';

export interface SmtpMailerOptions {
  /** smtp://user:password@host:port (STARTTLS when offered) or smtps://… (TLS from the start). */
  url: string;
  from: string;
  /** Per stage (connect, greeting, idle socket); default 10 s, so a dead server fails a send fast. */
  timeoutMs?: number;
}

/** Sends through a real mail server with nodemailer. */
export function createSmtpMailer({ url, from, timeoutMs = 10_000 }: SmtpMailerOptions): MailTransport {
  const transport = nodemailer.createTransport(
    { url, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs },
    { from },
  );
  return {
    kind: 'smtp',
    async send(message: MailMessage) {
      try {
        await transport.sendMail(message);
      } catch (error) {
        // The URL may hold the server's password: the error names the server's answer only.
        throw new Error(`The mail server refused or could not be reached: ${(error as Error).message}`);
      }
    },
    close: () => transport.close(),
  };
}
