/**
 * Notifications by Telegram. `queue` is the channel's part in each event (app.notifications.onEvent):
 * one send in the shared queue (`notification_sends`, channel 'telegram') for each recipient who
 * was told of it (`notify`: their notification preferences) and has a linked chat. `sendDue` is the
 * `telegram-sends` task: it sends what is due, an offer with its 'Accept $X' button, and settles
 * each as sent, due again later, or failed for good.
 *
 * Telegram's 429 says how long to wait (`retry_after`): the send and the rest of the batch wait
 * that long. No answer or a 5xx backs off (5 s, 20 s, 80 s, ...) for TELEGRAM_SEND_ATTEMPTS; a
 * chat that is gone or blocked the bot (400/403) fails at once. Nothing here throws a send's
 * failure at the caller but the run's summary, so the process and the other sends go on.
 */
import type { TelegramBot } from '../../providers/telegram';
import { TelegramApiError } from '../../providers/telegram';
import type { ClaimedSend } from '../notifications/notification-sends.service';
import type { UserEvent } from '../notifications/user-events';
import { defaultEntryCents } from './telegram-commands';
import type { TelegramContext } from './telegram-context';
import { acceptKeyboard, notificationText } from './telegram-messages';

export const TELEGRAM_SEND_ATTEMPTS = 6;
const BATCH = 20;
/** Longer than a batch of sends can take: no other worker takes the rows meanwhile. */
const LEASE_MS = 2 * 60_000;
const OFFER_EVENT = 'offer.created:';

export const sendRetryDelayMs = (attempt: number) => Math.min(5_000 * 4 ** (attempt - 1), 30 * 60_000);

export interface SendSummary {
  sent: number;
  retried: number;
  failed: number;
}

/** A send that can never succeed: failed at once. */
class Undeliverable extends Error {}

const finalRefusal = (error: unknown) =>
  error instanceof Undeliverable ||
  (error instanceof TelegramApiError && (error.errorCode === 400 || error.errorCode === 403));

export function createTelegramSends(ctx: TelegramContext, bot: TelegramBot) {
  async function send(item: ClaimedSend): Promise<void> {
    const chatId = (await ctx.repo.chatsOf([item.userId])).get(item.userId);
    if (!chatId) throw new Undeliverable('the chat was unlinked');
    const { notification } = item;
    const offerId = notification.eventId.startsWith(OFFER_EVENT)
      ? notification.eventId.slice(OFFER_EVENT.length)
      : null;
    const entry = offerId ? defaultEntryCents(await ctx.preferences.get(item.userId)) : 0;
    await bot.sendMessage({
      chat_id: chatId,
      text: notificationText(notification, ctx.publicUrl),
      link_preview_options: { is_disabled: true },
      ...(offerId && { reply_markup: acceptKeyboard(offerId, entry) }),
    });
  }

  return {
    async queue(event: UserEvent): Promise<void> {
      const told = event.recipients.filter((r) => r.notify && r.notificationId);
      if (told.length === 0) return;
      const chats = await ctx.repo.chatsOf(told.map((r) => r.userId));
      await ctx.sends.enqueue(
        'telegram',
        told
          .filter((r) => chats.has(r.userId))
          .map((r) => ({ notificationId: r.notificationId!, userId: r.userId })),
      );
    },

    /** One run of `telegram-sends`; throws after the batch when Telegram could not be reached. */
    async sendDue(): Promise<SendSummary> {
      const summary: SendSummary = { sent: 0, retried: 0, failed: 0 };
      const claimed = await ctx.sends.claimDue('telegram', {
        now: ctx.now(),
        limit: BATCH,
        leaseMs: LEASE_MS,
      });
      let waitUntil: Date | null = null;
      let unreachable: TelegramApiError | null = null;
      for (const item of claimed) {
        if (waitUntil) {
          await ctx.sends.retryAt(item.id, { at: waitUntil, error: 'waiting: Telegram asked to slow down' });
          summary.retried += 1;
          continue;
        }
        try {
          await send(item);
          await ctx.sends.markSent(item.id, ctx.now());
          summary.sent += 1;
          continue;
        } catch (error) {
          const reason = error instanceof Error ? error.message.slice(0, 500) : 'failed';
          const final = finalRefusal(error) || item.attempt >= TELEGRAM_SEND_ATTEMPTS;
          if (error instanceof TelegramApiError && error.retryable) unreachable = error;
          if (final) {
            await ctx.sends.markFailed(item.id, reason);
            summary.failed += 1;
          } else {
            const retryAfter = error instanceof TelegramApiError ? error.retryAfterSeconds : null;
            const at = new Date(
              ctx.now().getTime() +
                (retryAfter !== null ? Math.max(1, retryAfter) * 1000 : sendRetryDelayMs(item.attempt)),
            );
            if (retryAfter !== null) waitUntil = at;
            await ctx.sends.retryAt(item.id, { at, error: reason });
            summary.retried += 1;
          }
          ctx.log.warn(
            { send: item.id, attempt: item.attempt, final, error: reason },
            final
              ? 'a Telegram message could not be sent: given up'
              : 'a Telegram message could not be sent: retrying',
          );
        }
      }
      if (unreachable) throw unreachable;
      return summary;
    },
  };
}
