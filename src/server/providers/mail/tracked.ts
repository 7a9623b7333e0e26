import type { Mailer, MailMessage, MailStatus, MailTransport } from './mailer';

/** A mailer that remembers its last success and its last failure (System Health shows both). */
export function tracked(mailer: MailTransport): Mailer {
  const state: MailStatus = { transport: mailer.kind, lastSentAt: null, lastFailure: null };
  return {
    kind: mailer.kind,
    async send(message: MailMessage) {
      try {
        await mailer.send(message);
        state.lastSentAt = new Date().toISOString();
      } catch (error) {
        state.lastFailure = { at: new Date().toISOString(), error: (error as Error).message };
        throw error;
      }
    },
    status: () => ({ ...state }),
    close: () => mailer.close(),
  };
}
