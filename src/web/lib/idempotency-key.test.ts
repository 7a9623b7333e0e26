import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createIdempotencyKeys, isOutcomeUnknown } from './idempotency-key';

function keys() {
  let n = 0;
  return createIdempotencyKeys(() => `key-${(n += 1)}`);
}

describe('idempotency keys', () => {
  it('gives each new submission its own key', () => {
    const k = keys();
    expect(k.keyFor({ amount: 50 })).toBe('key-1');
    k.settle(null);
    expect(k.keyFor({ amount: 50 })).toBe('key-2');
  });

  it('reuses the key when the same body is retried after a network failure, a 5xx or a 409', () => {
    const k = keys();
    for (const error of [
      new TypeError('Failed to fetch'),
      new ApiError('down', 503),
      new ApiError('busy', 409),
    ]) {
      const first = k.keyFor({ amount: 50 });
      k.settle(error);
      expect(k.keyFor({ amount: 50 })).toBe(first);
    }
  });

  it('retires the key after a final refusal, and when the body changes', () => {
    const k = keys();
    const first = k.keyFor({ amount: 50 });
    k.settle(new ApiError('Your card was declined.', 402));
    expect(k.keyFor({ amount: 50 })).not.toBe(first);
    const second = k.keyFor({ amount: 50 });
    k.settle(new TypeError('Failed to fetch'));
    expect(k.keyFor({ amount: 60 })).not.toBe(second);
  });

  it('makes UUIDs by default', () => {
    expect(createIdempotencyKeys().keyFor({})).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('isOutcomeUnknown', () => {
  it('is false for a 4xx answer other than 409', () => {
    expect(isOutcomeUnknown(new ApiError('Minimum $10', 400))).toBe(false);
    expect(isOutcomeUnknown(new ApiError('Insufficient balance', 422))).toBe(false);
  });
});
