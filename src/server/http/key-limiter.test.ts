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

describe('a limit per key that differs between uses', () => {
  afterEach(() => vi.useRealTimers());

  it('counts against the limit given with each use and says what is left', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const limiter = createKeyLimiter({ max: 1, windowMs: 60_000 });
    expect(limiter.use('k', 2)).toEqual({ allowed: true, remaining: 1, resetMs: 60_000 });
    vi.setSystemTime(1_010_000);
    expect(limiter.use('k', 2)).toEqual({ allowed: true, remaining: 0, resetMs: 50_000 });
    expect(limiter.use('k', 2)).toEqual({ allowed: false, remaining: 0, resetMs: 50_000 });
    // A larger limit (an upgrade) counts on from the same window.
    expect(limiter.use('k', 4)).toEqual({ allowed: true, remaining: 1, resetMs: 50_000 });
  });
});
