import { z } from 'zod';
import { idSchema, isoDateTimeSchema, okResponseSchema, queryInt, singleLineText } from './common';

/**
 * What a trader can be told of, on every channel (the bell, mail, Telegram, webhooks): a new
 * offer matching their preferences, their trade opened or closed, an admin's decision on their
 * withdrawal, a guardrail that refused their accept; and one of their webhook endpoints disabled
 * after repeated failures (not a webhook event itself: see `webhookEventTypes`).
 */
export const notificationKinds = [
  'offer.created',
  'trade.opened',
  'trade.closed',
  'withdrawal.approved',
  'withdrawal.rejected',
  'guardrail.triggered',
  'webhook.disabled',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** A path in the app it leads to, if any. */
  link: z.string().nullable(),
  createdAt: isoDateTimeSchema,
  readAt: isoDateTimeSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const listNotificationsQuerySchema = z.object({
  limit: queryInt(1, 100).default(20),
  /** Only those created before this notification (the next page). */
  before: idSchema.optional(),
});

export const listNotificationsResponseSchema = z.object({
  data: z.array(notificationSchema),
  unread: z.number().int().min(0),
});
export type ListNotificationsResponse = z.infer<typeof listNotificationsResponseSchema>;

/** GET /api/notifications: the caller's newest notifications and how many are unread. */
export const listNotificationsEndpoint = {
  method: 'GET',
  path: '/api/notifications',
  query: listNotificationsQuerySchema,
  response: listNotificationsResponseSchema,
} as const;

export const markNotificationsReadInputSchema = z.union([
  z.object({ ids: z.array(idSchema).min(1).max(100) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadInputSchema>;

/** Marks some of the caller's notifications (or all of them) read. */
export const markNotificationsReadEndpoint = {
  method: 'POST',
  path: '/api/notifications/read',
  body: markNotificationsReadInputSchema,
  response: okResponseSchema,
} as const;

/**
 * The mails a trader can turn off, each from its own unsubscribe link or Settings: their trades
 * closing, decisions on their withdrawals, the daily digest of offers matching their preferences.
 */
export const emailSettingKinds = ['tradeClosed', 'withdrawals', 'digest'] as const;
export const emailSettingKindSchema = z.enum(emailSettingKinds);
export type EmailSettingKind = z.infer<typeof emailSettingKindSchema>;

export const emailSettingsSchema = z.object({
  tradeClosed: z.boolean(),
  withdrawals: z.boolean(),
  digest: z.boolean(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/** GET /api/notifications/email-settings: which mails the caller gets (all on until turned off). */
export const getEmailSettingsEndpoint = {
  method: 'GET',
  path: '/api/notifications/email-settings',
  response: emailSettingsSchema,
} as const;

/** Sets the caller's mail choices (a session only: a key cannot change where mail goes). */
export const updateEmailSettingsEndpoint = {
  method: 'PUT',
  path: '/api/notifications/email-settings',
  body: emailSettingsSchema,
  response: emailSettingsSchema,
  apiKey: 'none',
} as const;

export const unsubscribeQuerySchema = z.object({
  /** The signed token of the mail's unsubscribe link (user and kind of mail). */
  token: singleLineText().min(1).max(512),
});

/**
 * The link in each mail: turns that kind of mail off for its trader and answers a small page
 * saying so (no sign-in: the token is the proof). A bad or tampered token: 400 and no change.
 */
export const unsubscribeEndpoint = {
  method: 'GET',
  path: '/api/notifications/unsubscribe',
  query: unsubscribeQuerySchema,
  auth: 'public',
  produces: 'text/html',
  response: z.string(),
} as const;

/** The same, as mail clients call it from the `List-Unsubscribe-Post` header (RFC 8058 one-click). */
export const unsubscribeOneClickEndpoint = {
  method: 'POST',
  path: '/api/notifications/unsubscribe',
  query: unsubscribeQuerySchema,
  auth: 'public',
  response: okResponseSchema,
} as const;
