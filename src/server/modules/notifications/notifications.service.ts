/**
 * The hub of what traders are told (issue #21): from each change that concerns them it builds one
 * `UserEvent` with its recipients, stores the bell's notification of each recipient who asked to
 * be told (once per event: a repeated announcement adds nothing), sends it to their screens, and
 * hands the event to every channel (mail, Telegram, webhooks), which queue their deliveries.
 *
 * It runs after the change committed and nothing waits for it (see `announce`): a failure here is
 * logged and costs the trader a notification, never the change.
 */
import { randomUUID } from 'node:crypto';
import type {
  ListNotificationsResponse,
  MarkNotificationsReadInput,
  Notification,
} from '../../../contract/notifications';
import type { Offer } from '../../../contract/offers';
import type { PeriodicTask } from '../../jobs/scheduler';
import type { EventBus } from '../../realtime/event-bus';
import type { DomainEventData } from '../../shared/domain-events';
import { isUuid } from '../../shared/uuid';
import type { PublishResult } from '../offers/offers.service';
import type { OfferRecipientRow } from '../preferences/preferences.repo';
import { wordsOf } from './notification-words';
import { createNotificationSendsService } from './notification-sends.service';
import { createNotificationsRepo, type NotificationRow } from './notifications.repo';
import type { Database } from '../../db/client';
import type { Recipient, UserEvent, UserEventHandler, UserEventSubject } from './user-events';

/** How long the bell keeps a notification. */
export const NOTIFICATION_RETENTION_DAYS = 90;

export interface NotificationsDeps {
  db: Database;
  bus: Pick<EventBus, 'publish'>;
  offers: { get(id: string): Promise<Offer | null> };
  preferences: {
    recipientsOfOffer(offer: Offer): Promise<OfferRecipientRow[]>;
    get(userId: string): Promise<{ notificationPrefs: { tradeClose: boolean } }>;
  };
  log: { error(details: object, message: string): void };
  now?: () => Date;
}

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** Event ids: the same change announced twice has the same id (a guardrail's refusals are each new). */
function eventIdOf(subject: UserEventSubject): string {
  switch (subject.kind) {
    case 'offer.created':
      return `${subject.kind}:${subject.offer.id}`;
    case 'trade.opened':
    case 'trade.closed':
      return `${subject.kind}:${subject.trade.id}`;
    case 'withdrawal.approved':
    case 'withdrawal.rejected':
      return `${subject.kind}:${subject.withdrawal.id}`;
    case 'guardrail.triggered':
    case 'webhook.disabled':
      return `${subject.kind}:${randomUUID()}`;
  }
}

export function createNotificationsService(deps: NotificationsDeps) {
  const repo = createNotificationsRepo(deps.db);
  const now = deps.now ?? (() => new Date());
  const handlers: UserEventHandler[] = [];
  const tasks: PeriodicTask[] = [
    {
      name: 'notification-retention',
      every: () => 24 * 3_600_000,
      run: async () => void (await prune()),
    },
  ];
  const prune = () =>
    repo.deleteOlderThan(new Date(now().getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000));

  /** Whether the trader asked to be told of this event about them (not offers: see recipientsOfOffer). */
  async function wantsToHear(userId: string, subject: UserEventSubject): Promise<boolean> {
    if (subject.kind === 'trade.closed')
      return (await deps.preferences.get(userId)).notificationPrefs.tradeClose;
    // Their own accept opened it: nothing they missed (webhooks that chose it still get it).
    if (subject.kind === 'trade.opened') return false;
    return true;
  }

  async function dispatch(
    subject: UserEventSubject,
    audience: { userId: string; notify: boolean; matches: boolean }[],
  ) {
    if (audience.length === 0) return;
    const event: Omit<UserEvent, 'recipients'> = {
      id: eventIdOf(subject),
      kind: subject.kind,
      at: now().toISOString(),
      subject,
      ...wordsOf(subject),
    };
    const stored = await repo.insertForUsers(
      audience.filter((r) => r.notify).map((r) => r.userId),
      { kind: event.kind, eventId: event.id, title: event.title, body: event.body, link: event.link },
    );
    const made = new Map(stored.map((row) => [row.userId, row]));
    for (const row of stored) deps.bus.publish('notification', toNotification(row), [`user:${row.userId}`]);
    // A trader to be told who got no new row was told of this event already: not again.
    const recipients: Recipient[] = audience
      .filter((r) => !r.notify || made.has(r.userId))
      .map((r) => ({
        userId: r.userId,
        notify: r.notify,
        matches: r.matches,
        notificationId: made.get(r.userId)?.id ?? null,
      }));
    if (recipients.length === 0) return;
    for (const handler of handlers) {
      await handler({ ...event, recipients }).catch((err: unknown) =>
        deps.log.error({ err, event: event.id }, 'a notification channel failed to queue an event'),
      );
    }
  }

  /** Work under way, so that closing the app (and a test) can wait for it. */
  const inFlight = new Set<Promise<void>>();
  function guarded(work: () => Promise<void>, what: string): Promise<void> {
    const running = work()
      .catch((err: unknown) => deps.log.error({ err }, `notifications of ${what} were not made`))
      .finally(() => inFlight.delete(running));
    inFlight.add(running);
    return running;
  }

  return {
    /** A channel's part in every event (mail, Telegram, webhooks); called in registration order. */
    onEvent(handler: UserEventHandler): void {
      handlers.push(handler);
    },

    /** `offers_changed`: a new offer goes to the traders whose preferences it matches. */
    offersChanged(result: PublishResult): Promise<void> {
      return guarded(async () => {
        if (!result.created || !result.offerId) return;
        const offer = await deps.offers.get(result.offerId);
        if (!offer) return;
        const rows = await deps.preferences.recipientsOfOffer(offer);
        await dispatch({ kind: 'offer.created', offer }, rows);
      }, 'a new offer');
    },

    /** `user_event`: a change of one trader's own (trade, withdrawal, guardrail). */
    userEvent({ userId, subject }: DomainEventData['user_event']): Promise<void> {
      return guarded(async () => {
        await dispatch(subject, [{ userId, notify: await wantsToHear(userId, subject), matches: true }]);
      }, subject.kind);
    },

    async list(
      userId: string,
      query: { limit: number; before?: string },
    ): Promise<ListNotificationsResponse> {
      const before = query.before && isUuid(query.before) ? query.before : undefined;
      if (query.before && !before) return { data: [], unread: await repo.unreadCount(userId) };
      const [rows, unread] = await Promise.all([
        repo.list(userId, query.limit, before),
        repo.unreadCount(userId),
      ]);
      return { data: rows.map(toNotification), unread };
    },

    async markRead(userId: string, input: MarkNotificationsReadInput): Promise<void> {
      const ids = 'all' in input ? 'all' : input.ids.filter(isUuid);
      if (ids !== 'all' && ids.length === 0) return;
      await repo.markRead(userId, ids, now());
    },

    /** Resolves once every event heard so far has been handled (app close, tests). */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },

    /**
     * A channel's loop (sending what it queued, on the worker: ROLE=all|worker). Each run happens
     * once across the workers sharing the database (the scheduler's leases).
     */
    addTask(task: PeriodicTask): void {
      tasks.push(task);
    },
    /** The worker's share of the notifications: the channels' loops and the bell's retention. */
    tasks: (): PeriodicTask[] => [...tasks],

    /** Retention: drops notifications older than NOTIFICATION_RETENTION_DAYS. */
    prune,

    /** The mail and Telegram send queue, for a channel in another module (Telegram). */
    sends: createNotificationSendsService(deps.db),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
