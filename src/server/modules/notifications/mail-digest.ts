/**
 * The daily digest (task `mail-digest`, checked hourly): each trader with the digest on and
 * `newOffer` in their notification preferences gets at most one mail per 24 h, listing the offers
 * they were told of (their `offer.created` notifications) since their last digest, and only when
 * there is at least one. Traders are read a page at a time.
 *
 * `digest_sent_at` is recorded once the mail server took the mail: a digest the server refused is
 * tried again at the next hourly check, never counted as sent.
 */
import type { Mailer } from '../../providers/mail';
import type { UserContact } from '../auth/users.service';
import type { EmailSettingsRepo } from './email-settings.repo';
import type { MailDigestRepo } from './mail-digest.repo';
import { mailAddressOf } from './mail-sends';
import { digestMail } from './notification-mail';
import type { UnsubscribeTokens } from './unsubscribe-token';

export const DIGEST_EVERY_MS = 3_600_000;
/** At most one digest per trader in this long. */
export const DIGEST_GAP_MS = 24 * 3_600_000;
/** A digest tells of recent offers only, however long ago the last one went (stale offers are gone). */
export const DIGEST_LOOKBACK_MS = 48 * 3_600_000;
/** Offers listed in one digest; the rest are counted ("and 12 more"). */
export const DIGEST_MAX_LISTED = 20;
const PAGE = 100;
/** Failures in a row after which a run stops: the mail server is down, the rest wait an hour. */
const GIVE_UP_AFTER = 3;

export interface MailDigestDeps {
  digests: MailDigestRepo;
  settings: EmailSettingsRepo;
  users: { contactsOf(ids: readonly string[]): Promise<Map<string, UserContact>> };
  preferences: { get(userId: string): Promise<{ notificationPrefs: { newOffer: boolean } }> };
  mailer: Pick<Mailer, 'send'>;
  tokens: UnsubscribeTokens;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
  now: () => Date;
}

export interface DigestSummary {
  sent: number;
  failed: number;
}

/** One run of the `mail-digest` task. */
export async function sendDigests(deps: MailDigestDeps): Promise<DigestSummary> {
  const now = deps.now();
  const window = {
    now,
    from: new Date(now.getTime() - DIGEST_LOOKBACK_MS),
    lastSentBy: new Date(now.getTime() - DIGEST_GAP_MS),
  };
  const summary: DigestSummary = { sent: 0, failed: 0 };
  let afterUserId: string | null = null;
  let failuresInARow = 0;
  for (;;) {
    const userIds = await deps.digests.dueUsers(window, { afterUserId, limit: PAGE });
    if (userIds.length === 0) break;
    afterUserId = userIds.at(-1)!;
    const contacts = await deps.users.contactsOf(userIds);
    for (const userId of userIds) {
      const to = mailAddressOf(contacts.get(userId));
      if (!to || !(await deps.preferences.get(userId)).notificationPrefs.newOffer) continue;
      const { offers, total } = await deps.digests.offersOf(userId, window, DIGEST_MAX_LISTED);
      if (total === 0) continue;
      try {
        await deps.mailer.send(
          digestMail({
            to,
            offers,
            total,
            links: {
              publicUrl: deps.publicUrl,
              unsubscribeToken: deps.tokens.sign({ userId, kind: 'digest' }),
            },
          }),
        );
        await deps.settings.recordDigest(userId, now);
        summary.sent += 1;
        failuresInARow = 0;
      } catch (error) {
        summary.failed += 1;
        failuresInARow += 1;
        deps.log.warn(
          { userId, error: error instanceof Error ? error.message : String(error) },
          'a daily digest could not be sent: it is tried again at the next check',
        );
        if (failuresInARow >= GIVE_UP_AFTER) return summary;
      }
    }
    if (userIds.length < PAGE) break;
  }
  return summary;
}
