/**
 * Notification mail, one at a time: `queueMail` is the channel's part in each event (it only
 * inserts the sends), and `sendMail` the task that hands them to the mail server, retrying with
 * backoff while the server refuses or is down (notification-sends.ts).
 */
import type { Mailer } from '../../providers/mail';
import type { UserContact } from '../auth/users.service';
import type { EmailSettingsRepo } from './email-settings.repo';
import { mailKindOf, notificationMail } from './notification-mail';
import { deliverDue, SendRefused, type DeliverySummary } from './notification-sends';
import type { NotificationSendsRepo } from './notification-sends.repo';
import type { UnsubscribeTokens } from './unsubscribe-token';
import type { UserEvent } from './user-events';

export interface MailSendsDeps {
  sends: NotificationSendsRepo;
  settings: EmailSettingsRepo;
  users: { contactsOf(ids: readonly string[]): Promise<Map<string, UserContact>> };
  mailer: Pick<Mailer, 'send'>;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
  now: () => Date;
}

/** Where a trader's mail goes; none for a deleted account (its address is made `…@deleted.invalid`). */
export function mailAddressOf(contact: UserContact | undefined): string | null {
  if (!contact?.email || contact.email.endsWith('.invalid')) return null;
  return contact.email;
}

export function createMailSends(deps: MailSendsDeps) {
  return {
    /**
     * Queues the event's mail for each recipient who was told of it (`notify`, so a bell row
     * exists) and has not turned that kind of mail off. Offers are not mailed one by one: they
     * go in the daily digest.
     */
    async queueMail(event: UserEvent): Promise<void> {
      const kind = mailKindOf(event.kind);
      if (!kind) return;
      const told = event.recipients.filter((r) => r.notify && r.notificationId);
      if (told.length === 0) return;
      const settings = await deps.settings.ofUsers(told.map((r) => r.userId));
      await deps.sends.enqueue(
        'email',
        told
          .filter((r) => settings.get(r.userId)?.[kind] ?? true)
          .map((r) => ({ notificationId: r.notificationId!, userId: r.userId })),
      );
    },

    /** One run of the `mail-sends` task. */
    sendMail(): Promise<DeliverySummary> {
      return deliverDue({
        repo: deps.sends,
        channel: 'email',
        now: deps.now,
        log: deps.log,
        async send(item) {
          const kind = mailKindOf(item.notification.kind);
          if (!kind) throw new SendRefused(`${item.notification.kind} is not sent by mail`);
          const to = mailAddressOf((await deps.users.contactsOf([item.userId])).get(item.userId));
          if (!to) throw new SendRefused('the account has no email address');
          await deps.mailer.send(
            notificationMail({
              to,
              kind,
              notification: item.notification,
              links: {
                publicUrl: deps.publicUrl,
                unsubscribeToken: deps.tokens.sign({ userId: item.userId, kind }),
              },
            }),
          );
        },
      });
    },
  };
}
