/**
 * The ledger legs of each payment movement (money-shared: Movements). Every leg pair sums to zero;
 * `delta` is what the movement does to the owner's available and held balances (for the audit).
 */
import type { Leg } from '../ledger/ledger.service';

export interface BalanceDelta {
  availableCents: number;
  heldCents: number;
}

export interface PaymentMovement {
  legs: Leg[];
  delta: BalanceDelta;
}

export const depositMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { system: 'external_card', amountCents: -cents, kind: 'deposit' },
    { userId, account: 'user_available', amountCents: cents, kind: 'deposit' },
  ],
  delta: { availableCents: cents, heldCents: 0 },
});

export const holdMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { userId, account: 'user_available', amountCents: -cents, kind: 'withdrawal_hold' },
    { userId, account: 'user_held', amountCents: cents, kind: 'withdrawal_hold' },
  ],
  delta: { availableCents: -cents, heldCents: cents },
});

export const payoutMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { userId, account: 'user_held', amountCents: -cents, kind: 'withdrawal_payout' },
    { system: 'external_payout', amountCents: cents, kind: 'withdrawal_payout' },
  ],
  delta: { availableCents: 0, heldCents: -cents },
});

export const releaseMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { userId, account: 'user_held', amountCents: -cents, kind: 'withdrawal_release' },
    { userId, account: 'user_available', amountCents: cents, kind: 'withdrawal_release' },
  ],
  delta: { availableCents: cents, heldCents: -cents },
});

export const tipMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { userId, account: 'user_available', amountCents: -cents, kind: 'tip' },
    { system: 'platform_revenue', amountCents: cents, kind: 'tip' },
  ],
  delta: { availableCents: -cents, heldCents: 0 },
});
