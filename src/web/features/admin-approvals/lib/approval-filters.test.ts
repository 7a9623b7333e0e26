import { describe, expect, it } from 'vitest';
import { approvalsQuery } from './approval-filters';

describe('approvalsQuery', () => {
  it('leaves blank filters out', () => {
    expect(approvalsQuery({ user: '  ', amount: '', date: '' }, 1, 10)).toEqual({
      page: 1,
      pageSize: 10,
      user: undefined,
      amount: undefined,
      date: undefined,
    });
  });

  it('sends a trimmed user, a numeric amount and a whole date', () => {
    expect(approvalsQuery({ user: ' ann ', amount: '20.5', date: '2026-11-21' }, 2, 25)).toEqual({
      page: 2,
      pageSize: 25,
      user: 'ann',
      amount: 20.5,
      date: '2026-11-21',
    });
  });

  it('drops an amount that is not a non-negative number yet', () => {
    expect(approvalsQuery({ user: '', amount: '-3', date: '' }, 1, 10).amount).toBeUndefined();
    expect(approvalsQuery({ user: '', amount: 'abc', date: '' }, 1, 10).amount).toBeUndefined();
  });
});
