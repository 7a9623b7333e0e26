/**
 * One run of a channel's sending loop over the shared queue (notification-sends.repo.ts): claim
 * what is due, send each, and settle each as sent, due again later (backoff), or failed for good
 * after the last attempt. A failed send is the row's state and a log line, never a thrown error:
 * the loop and the process go on.
 */
import type { ClaimedSend, NotificationSendsRepo, SendChannel } from './notification-sends.repo';

/** Attempts before a send is given up (the first plus five retries, over about three hours). */
export const SEND_MAX_ATTEMPTS = 6;

/** After attempt n failed: 30 s, 2 min, 8 min, 32 min, ~2 h (capped at 6 h). */
export function retryDelayMs(attempt: number): number {
  return Math.min(30_000 * 4 ** (attempt - 1), 6 * 3_600_000);
}

/** A send that can never succeed (no address, the receiver blocked us): failed at once. */
export class SendRefused extends Error {}

export interface DeliverDueOptions {
  repo: NotificationSendsRepo;
  channel: SendChannel;
  now: () => Date;
  send: (item: ClaimedSend) => Promise<void>;
  log: { warn(details: object, message: string): void };
  /** Per claim; a run claims up to `batches` of them. */
  limit?: number;
  batches?: number;
  /** Longer than a batch's sends can take: until then no other worker takes the rows. */
  leaseMs?: number;
  maxAttempts?: number;
}

export interface DeliverySummary {
  sent: number;
  retried: number;
  failed: number;
}

/** The reason kept on the row: short and from our own error messages (never a credential). */
const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'failed';

export async function deliverDue(options: DeliverDueOptions): Promise<DeliverySummary> {
  const { repo, channel, now, send, log } = options;
  const limit = options.limit ?? 20;
  const maxAttempts = options.maxAttempts ?? SEND_MAX_ATTEMPTS;
  const summary: DeliverySummary = { sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < (options.batches ?? 5); batch += 1) {
    const claimed = await repo.claimDue(channel, {
      now: now(),
      limit,
      leaseMs: options.leaseMs ?? 10 * 60_000,
    });
    for (const item of claimed) {
      try {
        await send(item);
        await repo.markSent(item.id, now());
        summary.sent += 1;
      } catch (error) {
        const reason = reasonOf(error);
        const final = error instanceof SendRefused || item.attempt >= maxAttempts;
        if (final) {
          await repo.markFailed(item.id, reason);
          summary.failed += 1;
        } else {
          await repo.scheduleRetry(item.id, {
            at: new Date(now().getTime() + retryDelayMs(item.attempt)),
            error: reason,
          });
          summary.retried += 1;
        }
        log.warn(
          { channel, send: item.id, attempt: item.attempt, final, error: reason },
          final ? 'a notification could not be sent: given up' : 'a notification could not be sent: retrying',
        );
      }
    }
    if (claimed.length < limit) break;
  }
  return summary;
}
