import { describe, expect, it } from 'vitest';
import { createReadCache } from './read-cache';

function counter(values: number[]) {
  let calls = 0;
  return {
    load: () => Promise.resolve(values[calls++] ?? -1),
    get calls() {
      return calls;
    },
  };
}

describe('read cache', () => {
  it('loads once for concurrent and later reads until evicted', async () => {
    const cache = createReadCache<number>({ ttlMs: 60_000 });
    const source = counter([1, 2]);
    expect(await Promise.all([cache.get('a', source.load), cache.get('a', source.load)])).toEqual([1, 1]);
    expect(await cache.get('a', source.load)).toBe(1);
    expect(source.calls).toBe(1);
    cache.evict('a');
    expect(await cache.get('a', source.load)).toBe(2);
  });

  it('never keeps a value whose load was under way when it was evicted', async () => {
    const cache = createReadCache<string>({ ttlMs: 60_000 });
    let release!: (v: string) => void;
    const stale = cache.get('a', () => new Promise((r) => (release = r)));
    cache.clear();
    release('before the change');
    expect(await stale).toBe('before the change');
    expect(await cache.get('a', () => Promise.resolve('after'))).toBe('after');
  });

  it('reloads after the time to live and after a failed load', async () => {
    let at = 0;
    const cache = createReadCache<number>({ ttlMs: 1_000, now: () => at });
    const source = counter([1, 2]);
    await cache.get('a', source.load);
    at = 999;
    expect(await cache.get('a', source.load)).toBe(1);
    at = 1_000;
    expect(await cache.get('a', source.load)).toBe(2);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', () => Promise.resolve(3))).toBe(3);
  });
});
