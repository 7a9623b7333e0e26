/**
 * Money at the edges: integer cents inside (DESIGN: Money), dollars with 2 decimals in the API and
 * in messages. One definition for every module that shows or reads an amount.
 */
import type { BalanceUpdateEvent } from '../../contract/events';

/** Integer cents → dollars. */
export const toDollars = (cents: number): number => Math.round(cents) / 100;

/** Dollars from a validated request (at most 2 decimals, checked by the contract) → integer cents. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Plain form used in messages: `$1234.50`. */
export const formatDollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;

/** The `balance_update` a trader's room gets after any movement of their money. */
export const balanceUpdateOf = (b: { availableCents: number; heldCents: number }): BalanceUpdateEvent => ({
  balance: toDollars(b.availableCents),
  held: toDollars(b.heldCents),
});
