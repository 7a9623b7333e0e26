/**
 * Webhook endpoints and their deliveries. Every read or change a trader makes names their user id
 * with the endpoint's, so another trader's id reads and changes nothing.
 *
 * Claiming (see `claimDue`): due rows are taken with `for update skip locked` and their
 * `next_attempt_at` pushed past the time a send may take, counting the attempt, so two workers
 * never send the same delivery and a process that dies mid-send leaves it due again once the lease
 * has passed (at least once, never lost).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WebhookEventType, WebhookFormat } from '../../../contract/webhooks';
import type { Database } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { WebhookEvent } from './payloads';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewEndpoint = Pick<
  typeof webhookEndpoints.$inferInsert,
  'userId' | 'url' | 'format' | 'events' | 'secret' | 'credentials' | 'options'
>;

export interface AttemptOutcome {
  responseStatus: number | null;
  latencyMs: number;
  error: string | null;
}

const iso = (at: Date) => at.toISOString();

export function createWebhooksRepo(db: Database) {
  const own = (userId: string, id: string) =>
    and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.id, id));

  return {
    listEndpoints(userId: string): Promise<EndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId))
        .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
    },

    async countEndpoints(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.userId, userId));
      return row?.n ?? 0;
    },

    async findEndpoint(userId: string, id: string): Promise<EndpointRow | null> {
      const [row] = await db.select().from(webhookEndpoints).where(own(userId, id)).limit(1);
      return row ?? null;
    },

    endpointsByIds(ids: string[]): Promise<EndpointRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids));
    },

    async insertEndpoint(row: NewEndpoint): Promise<EndpointRow> {
      const [created] = await db.insert(webhookEndpoints).values(row).returning();
      return created!;
    },

    async updateEndpoint(
      userId: string,
      id: string,
      patch: Partial<
        Pick<EndpointRow, 'url' | 'events' | 'enabled' | 'disabledReason' | 'consecutiveFailures' | 'secret'>
      >,
    ): Promise<EndpointRow | null> {
      const [row] = await db.update(webhookEndpoints).set(patch).where(own(userId, id)).returning();
      return row ?? null;
    },

    async deleteEndpoint(userId: string, id: string): Promise<boolean> {
      const gone = await db
        .delete(webhookEndpoints)
        .where(own(userId, id))
        .returning({ id: webhookEndpoints.id });
      return gone.length > 0;
    },

    /**
     * One pending delivery of the event to every enabled endpoint of its recipients that chose
     * its kind and whose format can carry it, in one statement; an endpoint that has the event
     * already gets no second one.
     */
    async enqueueEvent(input: {
      event: WebhookEvent;
      kind: WebhookEventType;
      userIds: string[];
      formats: WebhookFormat[];
      now: Date;
    }): Promise<number> {
      if (input.userIds.length === 0 || input.formats.length === 0) return 0;
      const inserted = await db.execute(sql`
        insert into webhook_deliveries (endpoint_id, user_id, event_id, event_type, event, next_attempt_at)
        select e.id, e.user_id, ${input.event.id}, ${input.kind}, ${JSON.stringify(input.event)}::jsonb,
          ${iso(input.now)}::timestamptz
        from webhook_endpoints e
        -- one parameter however many recipients (a new offer may concern every trader)
        where e.user_id in (select jsonb_array_elements_text(${JSON.stringify(input.userIds)}::jsonb))
          and ${input.kind} = any(e.events)
          and e.format in ${input.formats}
          and e.enabled
        on conflict (endpoint_id, event_id) do nothing
        returning id
      `);
      return inserted.rows.length;
    },

    async insertDelivery(row: {
      endpointId: string;
      userId: string;
      event: WebhookEvent;
      now: Date;
    }): Promise<DeliveryRow> {
      const [created] = await db
        .insert(webhookDeliveries)
        .values({
          endpointId: row.endpointId,
          userId: row.userId,
          eventId: row.event.id,
          eventType: row.event.type,
          event: row.event as unknown as Record<string, unknown>,
          nextAttemptAt: row.now,
          createdAt: row.now,
        })
        .returning();
      return created!;
    },

    async hasPendingTest(endpointId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.eventType, 'test'),
            eq(webhookDeliveries.status, 'pending'),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    listDeliveries(userId: string, endpointId: string, limit: number): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.userId, userId), eq(webhookDeliveries.endpointId, endpointId)))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
    },

    /**
     * Gives up the pending deliveries no longer worth sending: made before `cutoff` (24 h of
     * retries), or a new offer that expired meanwhile (a bot must not enter on a stale offer).
     */
    async expireStale(now: Date, cutoff: Date): Promise<number> {
      const result = await db.execute(sql`
        update webhook_deliveries
        set status = 'failed', next_attempt_at = null,
          error = case when created_at <= ${iso(cutoff)}::timestamptz
            then left('Gave up after 24 hours' || coalesce(': ' || error, ''), 300)
            else 'Not sent: the offer expired first' end
        where status = 'pending' and next_attempt_at <= ${iso(now)}::timestamptz
          and (created_at <= ${iso(cutoff)}::timestamptz
            or (event_type = 'offer.created'
              and (event -> 'data' -> 'offer' ->> 'expiration')::timestamptz <= ${iso(now)}::timestamptz))
        returning id
      `);
      return result.rows.length;
    },

    /**
     * Takes up to `limit` due deliveries of enabled endpoints (see the header): from an endpoint
     * that answers, up to `perEndpoint` at a time, oldest first; from one that is failing, a single
     * probe (its delivery tried least), and only after the healthy endpoints' deliveries, so a dead
     * endpoint is probed, not flooded, and never crowds out the others.
     */
    async claimDue(options: {
      now: Date;
      limit: number;
      perEndpoint: number;
      leaseMs: number;
    }): Promise<DeliveryRow[]> {
      const now = iso(options.now);
      const claimed = await db.execute<{ id: string }>(sql`
        with due as (
          select d.id, d.created_at, e.consecutive_failures > 0 as failing,
            row_number() over (partition by d.endpoint_id order by d.attempts, d.created_at, d.id) as place
          from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
          where d.status = 'pending' and d.next_attempt_at <= ${now}::timestamptz and e.enabled
        ), picked as (
          select id from due
          where place <= case when failing then 1 else ${options.perEndpoint} end
          order by failing, created_at, id
          limit ${options.limit}
        )
        update webhook_deliveries d
        set attempts = d.attempts + 1, last_attempt_at = ${now}::timestamptz,
          next_attempt_at = ${iso(new Date(options.now.getTime() + options.leaseMs))}::timestamptz
        where d.id in (
          select w.id from webhook_deliveries w
          where w.id in (select id from picked) and w.status = 'pending'
            and w.next_attempt_at <= ${now}::timestamptz
          for update skip locked
        )
        returning d.id
      `);
      const ids = claimed.rows.map((row) => row.id);
      if (ids.length === 0) return [];
      const rows = await db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
      return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    },

    async markDelivered(id: string, at: Date, outcome: AttemptOutcome): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ ...outcome, status: 'delivered', deliveredAt: at, nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, id));
    },

    async markRetry(id: string, next: Date, outcome: AttemptOutcome): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ ...outcome, nextAttemptAt: next })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
    },

    async markFailed(id: string, outcome: AttemptOutcome): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ ...outcome, status: 'failed', nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, id));
    },

    /** A success: the endpoint's run of failures ends. */
    async resetFailures(endpointId: string): Promise<void> {
      await db
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0 })
        .where(and(eq(webhookEndpoints.id, endpointId), sql`${webhookEndpoints.consecutiveFailures} <> 0`));
    },

    /** A failed attempt; returns the endpoint's failures in a row, counting this one. */
    async countFailure(endpointId: string): Promise<number> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
        .where(eq(webhookEndpoints.id, endpointId))
        .returning({ failures: webhookEndpoints.consecutiveFailures });
      return row?.failures ?? 0;
    },

    async failuresOf(endpointId: string): Promise<number> {
      const [row] = await db
        .select({ failures: webhookEndpoints.consecutiveFailures })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, endpointId));
      return row?.failures ?? 0;
    },

    /** The endpoint's other pending deliveries wait for its backoff too (it is probed, not flooded). */
    async holdPending(endpointId: string, until: Date): Promise<void> {
      await db.execute(sql`
        update webhook_deliveries set next_attempt_at = ${iso(until)}::timestamptz
        where endpoint_id = ${endpointId} and status = 'pending'
          and next_attempt_at < ${iso(until)}::timestamptz
      `);
    },

    /** Disables the endpoint (if still enabled); returns whether this call did. */
    async disable(endpointId: string, reason: string): Promise<boolean> {
      const rows = await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: reason })
        .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
        .returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /**
     * Gives up what was waiting for a disabled endpoint: enabling it again must not send
     * hours-old signals a bot would act on.
     */
    async failPending(endpointId: string, error: string): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', error, nextAttemptAt: null })
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    },
  };
}

export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;
