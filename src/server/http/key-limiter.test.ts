import { afterEach, describe, expect, it, vi } from 'vitest';
import { createKeyLimiter } from './key-limiter';

describe('a limit per key', () => {
  afterEach(() => vi.useRealTimers());

  it('allows max uses per key in its window, says how long until it ends, then allows again', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const limiter = createKeyLimiter({ max: 2, windowMs: 10_000 });
    expect(limiter.take('a')).toBeNull();
    vi.setSystemTime(1_004_000);
    expect(limiter.take('a')).toBeNull();
    expect(limiter.take('b')).toBeNull();
    expect(limiter.take('a')).toBe(6_000);
    vi.setSystemTime(1_010_000);
    expect(limiter.take('a')).toBeNull();
    expect(limiter.take('b')).toBeNull();
    expect(limiter.take('b')).toBe(4_000);
  });
});
