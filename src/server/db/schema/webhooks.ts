import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import type { WebhookEventType, WebhookFormat } from '../../../contract/webhooks';
import { user } from './auth';
import { createdAt, timestamptz, updatedAt } from './columns';

/**
 * A trader's outbound webhook: where to send which events, in which payload format, signed with
 * `secret`. `credentials` holds what the receiving tool needs besides (Freqtrade's REST API user
 * and password, 3Commas' bot secret); like `secret`, it is never logged nor put in a delivery
 * record. After repeated failures the endpoint is disabled with the reason.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    format: text('format').$type<WebhookFormat>().notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    credentials: jsonb('credentials').$type<Record<string, string>>(),
    /** Format options that are not secret (e.g. the stake Freqtrade is asked to enter with). */
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_endpoints_user_id_idx').on(t.userId),
    check('webhook_endpoints_format_check', sql`${t.format} in ('heatsignal', 'freqtrade', '3commas')`),
  ],
);

/**
 * One event on its way to one endpoint, and what became of it. `event` is the HeatSignal event
 * (no secret): the body in the endpoint's format is built from it at each attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').$type<WebhookEventType | 'test'>().notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    responseStatus: integer('response_status'),
    error: text('error'),
    latencyMs: integer('latency_ms'),
    createdAt: createdAt(),
    deliveredAt: timestamptz('delivered_at'),
  },
  (t) => [
    unique('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt.desc()),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
  ],
);
