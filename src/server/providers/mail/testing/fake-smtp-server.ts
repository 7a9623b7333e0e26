import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface FakeSmtpServer {
  /** smtp://user:password@127.0.0.1:port, for SMTP_URL. */
  url: string;
  /** Every message received so far, parsed from the raw bytes the client sent. */
  messages: ParsedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (smtp-server): it takes plain-text AUTH with the credentials in its
 * URL and keeps each message, so a test reads exactly what a mail client would.
 */
export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'mail-password') callback(null, { user: 'mailer' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push(parsed);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://mailer:mail-password@127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
