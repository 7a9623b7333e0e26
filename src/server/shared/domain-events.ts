import Emittery from 'emittery';
import type { Transaction } from '../db/client';
import type { UserEventSubject } from '../modules/notifications/user-events';
import type { PublishResult } from '../modules/offers/offers.service';

/**
 * What one module tells the others in this process, so that no module holds a reference back to
 * a module built after it. The realtime bus is for other processes and browsers; these events are
 * handled here, awaited (`emitSerial`: listeners one after another, in the order they subscribed,
 * and a listener's failure is the emitter's failure).
 */
export interface DomainEventData {
  /** An analysis published or refreshed offers (offers announce them; trading moves trade ends). */
  offers_changed: PublishResult;
  /** A trader's first deposit completed: sent inside its transaction (referrals award points). */
  first_deposit: { userId: string; tx: Transaction };
  /**
   * Something a trader may want to be told of happened to them and is committed (their trade
   * opened or closed, their withdrawal was decided, a guardrail refused their accept). Sent with
   * `announce` below: the notifications module only queues it, and nothing waits on it.
   */
  user_event: { userId: string; subject: UserEventSubject };
}

export type DomainEvents = Emittery<DomainEventData>;

export function createDomainEvents(): DomainEvents {
  return new Emittery<DomainEventData>();
}

/**
 * Tells the notifications module, without waiting for it: the change that caused the event is
 * already committed and answered, whatever becomes of its notification.
 */
export function announce(
  events: Pick<DomainEvents, 'emit'>,
  event: DomainEventData['user_event'],
  onError: (error: unknown) => void,
): void {
  events.emit('user_event', event).catch(onError);
}
