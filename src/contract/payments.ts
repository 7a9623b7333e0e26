import { z } from 'zod';
import {
  dollarAmountInput,
  dollarsSchema,
  isoDateTimeSchema,
  offsetLimitQuery,
  singleLineText,
  totalSchema,
} from './common';
import { paymentStatusSchema, paymentTypeSchema } from './enums';

/**
 * Money-moving POSTs (deposit, withdrawal, tip, accept offer) may send an `Idempotency-Key`
 * header; a retry with the same key returns the first result and moves nothing twice.
 */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': singleLineText().trim().min(8).max(200).optional(),
});
export type IdempotencyHeaders = z.infer<typeof idempotencyHeadersSchema>;

export const MIN_DEPOSIT = 10;
export const MIN_WITHDRAWAL = 20;
export const MIN_TIP = 1;
/** Largest single deposit, withdrawal or tip (keeps every sum of cents far inside exact integers). */
export const MAX_PAYMENT = 1_000_000;
const MAX_PAYMENT_MESSAGE = 'Maximum $1,000,000';

const paymentAmount = (min: number, minMessage: string) =>
  dollarAmountInput(min, minMessage).max(MAX_PAYMENT, MAX_PAYMENT_MESSAGE);

/** All money in dollars; each defaults to 0. */
export const userStatsSchema = z.object({
  balance: dollarsSchema,
  /** Percent of closed trades that ended in profit. */
  winRate: z.number().min(0).max(100),
  activeTrades: z.number().int().min(0),
  totalTrades: z.number().int().min(0),
  totalDeposits: dollarsSchema,
  totalWithdrawals: dollarsSchema,
  totalTips: dollarsSchema,
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const userStatsResponseSchema = z.object({ data: userStatsSchema });
export type UserStatsResponse = z.infer<typeof userStatsResponseSchema>;

export const userStatsEndpoint = {
  method: 'GET',
  path: '/api/payments/stats',
  response: userStatsResponseSchema,
} as const;

/** `balance` is available to trade or withdraw; `held` is reserved by pending withdrawals. */
export const balanceResponseSchema = z.object({ balance: dollarsSchema, held: dollarsSchema });
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;

export const balanceEndpoint = {
  method: 'GET',
  path: '/api/payments/balance',
  response: balanceResponseSchema,
} as const;

export const paymentSchema = z.object({
  id: z.string(),
  date: isoDateTimeSchema,
  type: paymentTypeSchema,
  amount: dollarsSchema,
  status: paymentStatusSchema,
  /** Username of the approving admin (withdrawals); null otherwise. */
  approvedBy: z.string().nullable(),
  /** Why a withdrawal was rejected or a deposit failed. */
  reason: z.string().nullable(),
  /** Tips taken automatically from a profitable trade. */
  auto: z.boolean(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentHistoryQuerySchema = offsetLimitQuery(10);
export type PaymentHistoryQuery = z.infer<typeof paymentHistoryQuerySchema>;

export const paymentHistoryResponseSchema = z.object({
  payments: z.array(paymentSchema),
  total: totalSchema,
});
export type PaymentHistoryResponse = z.infer<typeof paymentHistoryResponseSchema>;

/** Newest first. */
export const paymentHistoryEndpoint = {
  method: 'GET',
  path: '/api/payments/payment-history',
  query: paymentHistoryQuerySchema,
  response: paymentHistoryResponseSchema,
} as const;

/**
 * Card payment method id: `pm_` then letters, digits or underscores (spec README decision), so
 * Stripe's test payment methods such as pm_card_visa are valid.
 */
export const paymentMethodIdSchema = singleLineText({ error: 'Payment method ID is required' })
  .trim()
  .min(1, { error: 'Payment method ID is required', abort: true })
  .regex(/^pm_[A-Za-z0-9_]+$/, 'Invalid format');

export const depositInputSchema = z.object({
  amount: paymentAmount(MIN_DEPOSIT, 'Minimum $10'),
  paymentMethodId: paymentMethodIdSchema,
});
export type DepositInput = z.infer<typeof depositInputSchema>;

export const withdrawalInputSchema = z.object({ amount: paymentAmount(MIN_WITHDRAWAL, 'Minimum $20') });
export type WithdrawalInput = z.infer<typeof withdrawalInputSchema>;

export const tipInputSchema = z.object({
  amount: paymentAmount(MIN_TIP, 'Minimum $1'),
  /** Manual tips from the form send false; true is reserved for tips the server takes on close. */
  auto: z.boolean().default(false),
});
export type TipInput = z.infer<typeof tipInputSchema>;
export type TipFormInput = z.input<typeof tipInputSchema>;

/** The recorded payment and the new available balance in dollars. */
export const paymentResultSchema = z.object({ payment: paymentSchema, balance: dollarsSchema });
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** Completes (or fails) once the card provider answers. */
export const depositEndpoint = {
  method: 'POST',
  path: '/api/payments/deposit',
  body: depositInputSchema,
  response: paymentResultSchema,
} as const;

/** Moves the amount to held; stays pending until an admin approves or rejects it. */
export const withdrawalEndpoint = {
  method: 'POST',
  path: '/api/payments/withdrawal',
  body: withdrawalInputSchema,
  response: paymentResultSchema,
} as const;

export const tipEndpoint = {
  method: 'POST',
  path: '/api/payments/tip',
  body: tipInputSchema,
  response: paymentResultSchema,
} as const;

export const cardWebhookResponseSchema = z.object({ received: z.literal(true) });
export type CardWebhookResponse = z.infer<typeof cardWebhookResponseSchema>;

/**
 * Stripe's event delivery (PAYMENTS_PROVIDER=stripe): authenticated by the `Stripe-Signature`
 * header over the raw body, not by a session. Completes or fails the deposit it names, once.
 */
export const stripeWebhookEndpoint = {
  method: 'POST',
  path: '/api/payments/webhook/stripe',
  auth: 'signature',
  response: cardWebhookResponseSchema,
} as const;
