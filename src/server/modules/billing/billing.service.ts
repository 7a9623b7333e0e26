/**
 * Plans: a trader's subscription as the card provider describes it (plan.ts decides Free or Pro),
 * bought through the provider's Checkout, cancelled to the end of the paid period or resumed, and
 * kept current by the provider's signed webhooks (each event applied once, never an older state
 * over a newer one). Every change of plan or status is audited. The Free limit itself is enforced
 * by the accept's step A (migration 0019's `open_trade_checked`, the same rule as plan.ts in SQL).
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  calendarMonthOf,
  FREE_MONTHLY_ACCEPTS,
  type AdminSubscription,
  type PlanName,
  type PlanView,
} from '../../../contract/billing';
import type { Queryable } from '../../db/client';
import type { Database } from '../../db/client';
import { badRequest, conflict, HttpError } from '../../http/errors';
import {
  BillingUnavailableError,
  BillingWebhookError,
  type BillingProvider,
  type SubscriptionState,
} from '../../providers/billing';
import type { UsersService } from '../auth/users.service';
import type { LogsService } from '../logs/logs.service';
import type { BillingRepo, SubscriptionRow } from './billing.repo';
import { planOf } from './plan';

export interface BillingDeps {
  db: Database;
  repo: BillingRepo;
  provider: BillingProvider;
  logs: Pick<LogsService, 'audit'>;
  users: Pick<UsersService, 'contactsOf'>;
  /** The trading module's count of a trader's accepts since a time (the Free limit's usage). */
  acceptsSince: (userId: string, since: Date) => Promise<number>;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

const ALREADY_PRO = 'You are on Pro already';
const NO_PRO = 'You are not on Pro';

export function createBillingService(deps: BillingDeps) {
  const { repo, provider } = deps;
  const now = deps.now ?? (() => new Date());
  /**
   * The time of a state this server learnt by its own call: in whole seconds like Stripe's event
   * times, so the provider's event for the same change (same second) still applies after it.
   */
  const ownEventAt = () => new Date(Math.floor(now().getTime() / 1000) * 1000);
  const settingsUrl = (hash: string) => `${deps.publicUrl.replace(/\/+$/, '')}/settings${hash}`;

  /** The provider's calls: a provider that cannot be reached is a 503 saying so, nothing changed. */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof BillingUnavailableError) throw new HttpError(503, error.message);
      throw error;
    }
  }

  /** Stores a state (audited when the plan, the status or the cancellation changed). */
  async function apply(
    userId: string,
    state: SubscriptionState,
    eventAt: Date,
    source: string,
    tx: Queryable,
  ): Promise<SubscriptionRow | null> {
    const applied = await repo.apply(
      {
        userId,
        provider: provider.name,
        customerId: state.customerId,
        subscriptionId: state.subscriptionId,
        status: state.status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        eventAt,
      },
      tx,
    );
    if (!applied) return null;
    const at = now();
    const summary = (row: SubscriptionRow | null) =>
      row && {
        plan: planOf(row, at),
        status: row.status,
        cancelAtPeriodEnd: row.cancelAtPeriodEnd,
        currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      };
    const [before, after] = [summary(applied.before), summary(applied.after)];
    if (JSON.stringify(before) !== JSON.stringify(after))
      await deps.logs.audit(
        { userId, action: 'billing.plan_change', details: { source, before, after } },
        tx,
      );
    return applied.after;
  }

  async function view(userId: string): Promise<PlanView> {
    const at = now();
    const subscription = await repo.subscriptionOf(userId);
    const plan = planOf(subscription, at);
    const month = calendarMonthOf(at);
    return {
      plan,
      status: subscription?.status ?? null,
      currentPeriodEnd: subscription?.currentPeriodEnd.toISOString() ?? null,
      cancelAtPeriodEnd: subscription?.cancelAtPeriodEnd ?? false,
      usage:
        plan === 'pro'
          ? null
          : {
              accepted: await deps.acceptsSince(userId, month.start),
              limit: FREE_MONTHLY_ACCEPTS,
              resetsAt: month.resetsAt.toISOString(),
            },
      provider: provider.name,
      portal: provider.name === 'stripe' && subscription !== null,
    };
  }

  async function setCancel(userId: string, cancel: boolean): Promise<PlanView> {
    const subscription = await repo.subscriptionOf(userId);
    if (planOf(subscription, now()) !== 'pro') throw conflict(NO_PRO);
    if (subscription!.cancelAtPeriodEnd === cancel)
      throw conflict(cancel ? 'Pro is already cancelled at the end of the period' : 'Pro is not cancelled');
    const state = await call(() => provider.setCancelAtPeriodEnd(subscription!.subscriptionId, cancel));
    await deps.db.transaction((tx) => apply(userId, state, ownEventAt(), cancel ? 'cancel' : 'resume', tx));
    return view(userId);
  }

  return {
    view,

    /** Free or Pro right now (what a personal API key may do, and how often). */
    async currentPlan(userId: string): Promise<PlanName> {
      return planOf(await repo.subscriptionOf(userId), now());
    },

    async checkout(user: { userId: string; email: string }): Promise<{ url: string }> {
      const subscription = await repo.subscriptionOf(user.userId);
      if (planOf(subscription, now()) === 'pro') throw conflict(ALREADY_PRO);
      const started = await call(() =>
        provider.createCheckout({
          userId: user.userId,
          email: user.email,
          customerId: subscription?.customerId ?? null,
          successUrl: settingsUrl('?plan=upgraded#plan'),
          cancelUrl: settingsUrl('#plan'),
        }),
      );
      // The simulated provider subscribes at once; Stripe's Checkout ends in its webhook.
      const subscribed = started.subscription;
      if (subscribed)
        await deps.db.transaction((tx) => apply(user.userId, subscribed, ownEventAt(), 'checkout', tx));
      return { url: started.url };
    },

    async portal(userId: string): Promise<{ url: string }> {
      const subscription = await repo.subscriptionOf(userId);
      if (!subscription || provider.name !== 'stripe')
        throw conflict('There is no billing account to manage');
      return call(() =>
        provider.createPortal({ customerId: subscription.customerId, returnUrl: settingsUrl('#plan') }),
      );
    },

    cancel: (userId: string) => setCancel(userId, true),
    resume: (userId: string) => setCancel(userId, false),

    /** A signed provider event: applied once, in order; an event for no trader of ours is acknowledged and logged. */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ received: true }> {
      let event;
      try {
        // A provider that cannot be reached (to read the subscription) answers 503: Stripe retries.
        event = await call(() => provider.parseWebhook(rawBody, signature));
      } catch (error) {
        if (error instanceof BillingWebhookError) throw badRequest(error.message);
        throw error;
      }
      if (!event) return { received: true };
      const { userId } = event;
      if (!userId) {
        deps.log.warn({ eventId: event.eventId }, 'billing webhook names no trader of ours; acknowledged');
        return { received: true };
      }
      await deps.db.transaction(async (tx) => {
        if (!(await repo.firstSight(event.eventId, tx))) return;
        await apply(userId, event, event.createdAt, `webhook ${event.eventId}`, tx);
      });
      return { received: true };
    },

    async adminList(): Promise<AdminSubscription[]> {
      const rows = await repo.all();
      const contacts = await deps.users.contactsOf(rows.map((r) => r.userId));
      const at = now();
      return rows.map((row) => {
        const contact = contacts.get(row.userId);
        return {
          userId: row.userId,
          name: contact?.username ?? contact?.name ?? '',
          email: contact?.email ?? '',
          plan: planOf(row, at),
          provider: row.provider as AdminSubscription['provider'],
          status: row.status,
          currentPeriodEnd: row.currentPeriodEnd.toISOString(),
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          updatedAt: row.updatedAt.toISOString(),
        };
      });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
