import { startFakeSmtpServer, type FakeSmtpServer } from '../providers/mail/testing/fake-smtp-server';
import { createTestApp, signUp, type TestApp, type TestUser } from './test-app';

export interface MailTestApp {
  t: TestApp;
  /** Every message the app sent, as a mail client would read it. */
  smtp: FakeSmtpServer;
  /** The first account, signed up (and so mailed its verification link). */
  user: TestUser;
  close(): Promise<void>;
}

/** A test app that sends its mail through a loopback SMTP server (SMTP_URL set), with one user. */
export async function createMailTestApp(userName: string, publicUrl: string): Promise<MailTestApp> {
  const smtp = await startFakeSmtpServer();
  const t = await createTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: publicUrl } });
  const user = await signUp(t.app, userName);
  return {
    t,
    smtp,
    user,
    async close() {
      await t.close();
      await smtp.close();
    },
  };
}
