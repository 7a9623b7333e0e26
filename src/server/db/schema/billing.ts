import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { timestamptz } from './columns';

/**
 * A trader's Pro subscription as the card provider last described it (one row per trader who ever
 * subscribed; none means Free). Pro is in force while the status is active, trialing or past_due
 * (the provider still retrying a renewal) and, once cancelled at period end, until that end.
 * `event_at` is the provider's time of the state stored: an older event never overwrites it.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull(),
    subscriptionId: text('subscription_id').notNull().unique(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamptz('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    eventAt: timestamptz('event_at').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [check('subscriptions_provider_check', sql`${t.provider} in ('simulated', 'stripe')`)],
);

/** Provider events already applied: a replayed event changes nothing. */
export const billingEvents = pgTable('billing_events', {
  eventId: text('event_id').primaryKey(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});
