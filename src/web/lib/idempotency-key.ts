import { ApiError } from './api-client';

/*
 * Money-moving POSTs send an `Idempotency-Key` (DESIGN: Money): a retried request returns the first
 * result and moves nothing twice. A new submission gets a new key; the same submission sent again
 * after an answer that left its outcome unknown keeps its key, so the server can recognise it.
 */

/**
 * True when the request may or may not have moved money: no answer at all (network failure,
 * aborted), a 5xx, or 409 (the first attempt is still in flight). A 4xx is the server's final word
 * on that attempt, so the next submit is a new one.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 409 || error.status >= 500;
}

export interface IdempotencyKeys {
  /** The key for this body: the pending one when the same body is sent again, else a fresh one. */
  keyFor(body: unknown): string;
  /** After an attempt: a success or a final refusal retires the key; an unknown outcome keeps it. */
  settle(error: unknown): void;
}

export function createIdempotencyKeys(newKey: () => string = () => crypto.randomUUID()): IdempotencyKeys {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (pending?.body !== text) pending = { body: text, key: newKey() };
      return pending.key;
    },
    settle(error) {
      if (!error || !isOutcomeUnknown(error)) pending = null;
    },
  };
}

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
