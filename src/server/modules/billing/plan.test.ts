import { describe, expect, it } from 'vitest';
import { calendarMonthOf, freeLimitMessage } from '../../../contract/billing';
import { planOf } from './plan';

const at = new Date('2026-11-28T12:00:00Z');
const sub = (status: string, over: { end?: string; cancel?: boolean } = {}) => ({
  status,
  currentPeriodEnd: new Date(over.end ?? '2026-12-20T00:00:00Z'),
  cancelAtPeriodEnd: over.cancel ?? false,
});

describe('plans', () => {
  it('is Pro while the provider keeps the subscription alive, Free otherwise', () => {
    expect(planOf(null, at)).toBe('free');
    for (const status of ['active', 'trialing', 'past_due']) expect(planOf(sub(status), at)).toBe('pro');
    for (const status of ['canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'])
      expect(planOf(sub(status), at)).toBe('free');
  });

  it('keeps a cancelled Pro to the end of the paid period', () => {
    expect(planOf(sub('active', { cancel: true }), at)).toBe('pro');
    expect(planOf(sub('active', { cancel: true, end: '2026-11-28T12:00:00Z' }), at)).toBe('free');
  });

  it('counts by calendar month in UTC and names the reset day', () => {
    expect(calendarMonthOf(new Date('2026-12-31T23:59:59Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      resetsAt: new Date('2027-01-01T00:00:00Z'),
    });
    expect(freeLimitMessage(calendarMonthOf(at).resetsAt)).toBe(
      "The Free plan includes 5 accepted offers per calendar month and this month's are used; the limit resets on December 1, 2026. Upgrade to Pro for unlimited signals.",
    );
  });
});
