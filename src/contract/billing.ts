import { z } from 'zod';
import { isoDateTimeSchema } from './common';

/*
 * Plans (issue #20): Free has 5 accepted offers per calendar month (UTC); Pro ($49 a month) has no
 * limit and is bought through the card provider (Stripe Billing; simulated by default).
 * Enterprise stays 'contact us'.
 */

export const FREE_MONTHLY_ACCEPTS = 5;
export const PRO_PRICE_DOLLARS = 49;

export const planNameSchema = z.enum(['free', 'pro']);
export type PlanName = z.infer<typeof planNameSchema>;

/** The calendar month (UTC) the Free limit counts in: its start, and the next month's. */
export function calendarMonthOf(at: Date): { start: Date; resetsAt: Date } {
  const [year, month] = [at.getUTCFullYear(), at.getUTCMonth()];
  return { start: new Date(Date.UTC(year, month, 1)), resetsAt: new Date(Date.UTC(year, month + 1, 1)) };
}

/** The first day of the next calendar month (UTC) in words, e.g. 'December 1, 2026'. */
export const resetDateText = (resetsAt: string | Date) =>
  new Date(resetsAt).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });

/** The refusal of a Free trader's accept over the limit (402), naming the plan, the limit and the reset. */
export const freeLimitMessage = (resetsAt: string | Date) =>
  `The Free plan includes ${FREE_MONTHLY_ACCEPTS} accepted offers per calendar month and this month's are used; ` +
  `the limit resets on ${resetDateText(resetsAt)}. Upgrade to Pro for unlimited signals.`;

export const planViewSchema = z.object({
  plan: planNameSchema,
  /** The provider's subscription status (null on Free without a subscription ever). */
  status: z.string().nullable(),
  /** End of the paid period: Pro renews then, or ends then when cancelled. */
  currentPeriodEnd: isoDateTimeSchema.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** This calendar month's accepted offers against the Free limit; null on Pro. */
  usage: z
    .object({ accepted: z.number().int().min(0), limit: z.number().int(), resetsAt: isoDateTimeSchema })
    .nullable(),
  /** `simulated` (no real card is charged) or `stripe`. */
  provider: z.enum(['simulated', 'stripe']),
  /** Whether the provider has a customer portal (cards, invoices) for this trader. */
  portal: z.boolean(),
});
export type PlanView = z.infer<typeof planViewSchema>;

export const redirectSchema = z.object({ url: z.string() });

export const planEndpoint = {
  method: 'GET',
  path: '/api/billing/plan',
  response: planViewSchema,
} as const;

/** Where to send the browser to pay for Pro (409 when Pro is already in force). */
export const checkoutEndpoint = {
  method: 'POST',
  path: '/api/billing/checkout',
  body: z.strictObject({}).nullish(),
  response: redirectSchema,
} as const;

/** The provider's customer portal (409 without a subscription, or with the simulated provider). */
export const billingPortalEndpoint = {
  method: 'POST',
  path: '/api/billing/portal',
  body: z.strictObject({}).nullish(),
  response: redirectSchema,
} as const;

/** Pro stays until the end of the paid period, then the plan is Free (409 without Pro in force). */
export const cancelPlanEndpoint = {
  method: 'POST',
  path: '/api/billing/cancel',
  body: z.strictObject({}).nullish(),
  response: planViewSchema,
} as const;

/** Undoes a cancellation while the period lasts (409 when nothing is cancelled). */
export const resumePlanEndpoint = {
  method: 'POST',
  path: '/api/billing/resume',
  body: z.strictObject({}).nullish(),
  response: planViewSchema,
} as const;

/** Stripe Billing's signed subscription events (Stripe-Signature). */
export const billingWebhookEndpoint = {
  method: 'POST',
  path: '/api/billing/webhook/stripe',
  auth: 'signature',
  response: z.object({ received: z.literal(true) }),
} as const;

export const adminSubscriptionSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  plan: planNameSchema,
  provider: z.enum(['simulated', 'stripe']),
  status: z.string(),
  currentPeriodEnd: isoDateTimeSchema,
  cancelAtPeriodEnd: z.boolean(),
  updatedAt: isoDateTimeSchema,
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/** Every subscription, newest change first. */
export const adminSubscriptionsEndpoint = {
  method: 'GET',
  path: '/api/admin/subscriptions',
  auth: 'admin',
  response: z.object({ subscriptions: z.array(adminSubscriptionSchema) }),
} as const;
