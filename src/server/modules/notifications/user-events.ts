/**
 * What the notifications module tells its channels (the bell, mail, Telegram, webhooks): one
 * event of one kind, for the traders it concerns. Built once where the change happened; each
 * channel only enqueues its deliveries from it (one statement or so), and sends them later
 * from its own loop, so a slow or dead receiver never holds up the change that caused it.
 */
import type { NotificationKind } from '../../../contract/notifications';
import type { Offer } from '../../../contract/offers';
import type { Trade } from '../../../contract/trades';

/** A withdrawal an admin decided, as its owner is told of it (dollars). */
export interface WithdrawalSubject {
  id: string;
  amount: number;
  /** The admin's reason, when rejected. */
  reason: string | null;
}

/** The accept a guardrail refused. */
export interface GuardrailSubject {
  offerId: string;
  pair: string;
  /** The refusal the trader was answered, e.g. 'Guardrail: at most 5 open trades'. */
  rule: string;
}

/** A trader's webhook endpoint the sender disabled after repeated failures. */
export interface WebhookSubject {
  id: string;
  url: string;
  reason: string;
}

export type UserEventSubject =
  | { kind: 'offer.created'; offer: Offer }
  | { kind: 'trade.opened' | 'trade.closed'; trade: Trade }
  | { kind: 'withdrawal.approved' | 'withdrawal.rejected'; withdrawal: WithdrawalSubject }
  | { kind: 'guardrail.triggered'; guardrail: GuardrailSubject }
  | { kind: 'webhook.disabled'; webhook: WebhookSubject };

export interface Recipient {
  userId: string;
  /**
   * The trader's notification preferences ask to be told of this (e.g. `newOffer`,
   * `tradeClose`): the bell, mail and Telegram follow it. A webhook endpoint that chose the
   * event gets it either way: choosing it is the trader's say.
   */
  notify: boolean;
  /**
   * The event is squarely theirs: for a new offer, it passes all their preferences (a trader told
   * of it only through `highRisk` or `lowSuccess` is not matched: a bot acting on their webhook
   * must not enter what they excluded). Always true for events of their own.
   */
  matches: boolean;
  /** The bell's notification made for this recipient (when `notify`). */
  notificationId: string | null;
}

export interface UserEvent {
  /** Stable for the event whatever its recipients (e.g. `offer.created:<offer id>`): deliveries dedupe on it. */
  id: string;
  kind: NotificationKind;
  /** When it happened (ISO). */
  at: string;
  subject: UserEventSubject;
  /** The bell's and the messages' words. */
  title: string;
  body: string;
  /** A path in the app, if any (e.g. `/trades`). */
  link: string | null;
  recipients: Recipient[];
}

/** A channel's part: enqueue what it will deliver. Must be quick; failures are logged, never thrown back. */
export type UserEventHandler = (event: UserEvent) => Promise<void>;
