import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FILTER_DEBOUNCE_MS, debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('calls once, 300 ms after the last change, with the last value', () => {
    const fn = vi.fn();
    const typed = debounce(fn, FILTER_DEBOUNCE_MS);
    typed('B');
    vi.advanceTimersByTime(200);
    typed('BT');
    vi.advanceTimersByTime(299);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('BT');
    expect(FILTER_DEBOUNCE_MS).toBe(300);
  });

  it('drops a pending call when cancelled', () => {
    const fn = vi.fn();
    const typed = debounce(fn, FILTER_DEBOUNCE_MS);
    typed('ETH');
    typed.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
  });
});
