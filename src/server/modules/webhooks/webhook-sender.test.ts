import { describe, expect, it } from 'vitest';
import { WEBHOOK_DISABLE_AFTER_FAILURES } from '../../../contract/webhooks';
import { retryDelayMs } from './webhook-sender';

describe('the retry schedule', () => {
  it('doubles from 1 minute and stops growing at 4 hours', () => {
    expect([1, 2, 3, 4, 8, 9, 10, 20].map((n) => retryDelayMs(n) / 60_000)).toEqual([
      1, 2, 4, 8, 128, 240, 240, 240,
    ]);
  });

  it('disables an endpoint some 8 hours into an outage, well inside the 24 h a delivery is retried', () => {
    let elapsed = 0;
    for (let failure = 1; failure < WEBHOOK_DISABLE_AFTER_FAILURES; failure++)
      elapsed += retryDelayMs(failure);
    expect(elapsed / 3_600_000).toBeCloseTo(8.25, 2);
  });
});
