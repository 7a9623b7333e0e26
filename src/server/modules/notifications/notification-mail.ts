/**
 * The notification mails: the same words as the bell (notification-words.ts), a link into the
 * app, and a one-click unsubscribe link for that kind of mail (unsubscribe-token.ts).
 */
import type { EmailSettingKind, NotificationKind } from '../../../contract/notifications';
import type { MailMessage } from '../../providers/mail';
import { renderMail } from '../../providers/mail/message';
import { unsubscribeEndpoint } from '../../../contract/notifications';
import type { DigestOffer } from './mail-digest.repo';

/** The kind of mail each notification is sent as; the others are not mailed one by one. */
export function mailKindOf(kind: NotificationKind): EmailSettingKind | null {
  switch (kind) {
    case 'trade.closed':
      return 'tradeClosed';
    case 'withdrawal.approved':
    case 'withdrawal.rejected':
      return 'withdrawals';
    default:
      return null;
  }
}

/** What each kind of mail is called where the trader turns it off. */
export const MAIL_KIND_NAMES: Record<EmailSettingKind, string> = {
  tradeClosed: 'trade closed emails',
  withdrawals: 'withdrawal emails',
  digest: 'the daily digest of new offers',
};

export interface MailLinks {
  /** PUBLIC_URL, without a trailing slash. */
  publicUrl: string;
  /** The signed token of this trader's link out of this kind of mail. */
  unsubscribeToken: string;
}

export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}${unsubscribeEndpoint.path}?token=${encodeURIComponent(token)}`;

const unsubscribeOf = (kind: EmailSettingKind, links: MailLinks) => ({
  label: `Stop ${MAIL_KIND_NAMES[kind]}`,
  url: unsubscribeUrl(links.publicUrl, links.unsubscribeToken),
});

/** One notification as a mail (a trade closed, a withdrawal decided). */
export function notificationMail(input: {
  to: string;
  kind: EmailSettingKind;
  notification: { title: string; body: string; link: string | null };
  links: MailLinks;
}): MailMessage {
  const { to, kind, notification, links } = input;
  return renderMail({
    to,
    subject: notification.title,
    paragraphs: [notification.body],
    action: { label: 'Open HeatSignal', url: `${links.publicUrl}${notification.link ?? '/'}` },
    footer:
      'You get this mail because you trade on HeatSignal. Settings › Email notifications chooses which mails you get.',
    unsubscribe: unsubscribeOf(kind, links),
  });
}

/** The daily digest: the offers matching the trader's preferences since their last digest. */
export function digestMail(input: {
  to: string;
  offers: DigestOffer[];
  /** How many offers in all (the list may show only the newest). */
  total: number;
  links: MailLinks;
}): MailMessage {
  const { to, offers, total, links } = input;
  const more = total - offers.length;
  return renderMail({
    to,
    subject: `${total} new ${total === 1 ? 'offer' : 'offers'} matching your preferences`,
    paragraphs: [
      total === 1
        ? 'This offer matching your preferences was published since your last digest:'
        : `These ${total} offers matching your preferences were published since your last digest:`,
    ],
    items: [...offers.map((offer) => offer.body), ...(more > 0 ? [`and ${more} more`] : [])],
    action: { label: 'See the offers', url: `${links.publicUrl}/offers` },
    footer:
      'At most one digest a day, and only when there is something new. Settings › Email notifications chooses which mails you get.',
    unsubscribe: unsubscribeOf('digest', links),
  });
}
