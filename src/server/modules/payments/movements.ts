/**
 * The ledger legs of each payment movement (money-shared: Movements). Every leg pair sums to zero;
 * the ledger reports the owner's balances before and after (for the audit).
 */
import type { Leg } from '../ledger/ledger.service';

export interface PaymentMovement {
  legs: Leg[];
}

export const depositMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { system: 'external_card', amountCents: -cents, kind: 'deposit' },
    { userId, account: 'user_available', amountCents: cents, kind: 'deposit' },
  ],
});

export const holdMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { userId, account: 'user_available', amountCents: -cents, kind: 'withdrawal_hold' },
    { userId, account: 'user_held', amountCents: cents, kind: 'withdrawal_hold' },
  ],
});

export const payoutMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { userId, account: 'user_held', amountCents: -cents, kind: 'withdrawal_payout' },
    { system: 'external_payout', amountCents: cents, kind: 'withdrawal_payout' },
  ],
});

export const releaseMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { userId, account: 'user_held', amountCents: -cents, kind: 'withdrawal_release' },
    { userId, account: 'user_available', amountCents: cents, kind: 'withdrawal_release' },
  ],
});

export const tipMovement = (userId: string, cents: number): PaymentMovement => ({
  legs: [
    { userId, account: 'user_available', amountCents: -cents, kind: 'tip' },
    { system: 'platform_revenue', amountCents: cents, kind: 'tip' },
  ],
});
