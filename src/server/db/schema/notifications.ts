import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { NotificationKind } from '../../../contract/notifications';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';

const KINDS = sql`('offer.created', 'trade.opened', 'trade.closed', 'withdrawal.approved', 'withdrawal.rejected', 'guardrail.triggered', 'webhook.disabled')`;

/**
 * What happened to a trader while they may have been away: the bell's list. `data` holds the
 * event's subject as the contract describes it (the offer, the trade, the withdrawal), never a
 * secret.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** The event it tells of (`UserEvent.id`): told once per trader, however often it is announced. */
    eventId: text('event_id').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where in the app it leads (a path), if anywhere. */
    link: text('link'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    unique('notifications_user_id_event_id_key').on(t.userId, t.eventId),
    index('notifications_user_id_created_at_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_id_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check('notifications_kind_check', sql`${t.kind} in ${KINDS}`),
  ],
);

/**
 * A notification on its way out by mail or Telegram: retried with backoff until sent or given
 * up. One row per notification and channel.
 */
export const notificationSends = pgTable(
  'notification_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'telegram'>().notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notification_sends_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('notification_sends_channel_check', sql`${t.channel} in ('email', 'telegram')`),
    check('notification_sends_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * A trader's mail choices: each kind of mail can be turned off from its own unsubscribe link
 * (or Settings). No row means every mail on. `digestSentAt` is when the last daily digest went.
 */
export const emailSettings = pgTable('email_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  tradeClosed: boolean('trade_closed').notNull().default(true),
  withdrawals: boolean('withdrawals').notNull().default(true),
  digest: boolean('digest').notNull().default(true),
  digestSentAt: timestamptz('digest_sent_at'),
});
