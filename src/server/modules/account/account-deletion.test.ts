import { describe, expect, it } from 'vitest';
import { deletionRefusal } from './account-deletion';

const empty = { balanceCents: 0, openTrades: 0, pendingPayments: 0, soleOperatorOwner: false };

describe('why an account cannot be deleted yet', () => {
  it('says nothing for an empty account', () => {
    expect(deletionRefusal(empty)).toBe('');
  });

  it('names each thing left, in one sentence each', () => {
    expect(deletionRefusal({ ...empty, openTrades: 1 })).toBe('You have 1 open trade: close it first.');
    expect(deletionRefusal({ ...empty, balanceCents: 250, openTrades: 3 })).toBe(
      'Your account still holds $2.50: withdraw it first. You have 3 open trades: close them first.',
    );
  });
});
