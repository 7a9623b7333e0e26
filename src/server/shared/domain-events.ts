import Emittery from 'emittery';
import type { Transaction } from '../db/client';
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
}

export type DomainEvents = Emittery<DomainEventData>;

export function createDomainEvents(): DomainEvents {
  return new Emittery<DomainEventData>();
}
