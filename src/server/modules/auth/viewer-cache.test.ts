import { describe, expect, it } from 'vitest';
import { createViewerCache } from './viewer-cache';

const viewer = {
  userId: 'u1',
  sessionId: 's1',
  email: 'a@example.com',
  emailVerified: true,
  twoFactorEnabled: false,
  secondFactorAt: null,
  name: 'A',
  username: null,
  referralCode: null,
  activeOrganizationId: null,
  isAdmin: true,
  apiKey: null,
};

describe('the viewer cache', () => {
  it('serves an entry for 5 s at most, due for a background refresh past half of that', () => {
    let now = 0;
    const cache = createViewerCache({ ttlMs: 60_000, now: () => now });
    cache.set('token', { viewer, organizations: [] }, cache.epoch());
    now = 2_400;
    expect(cache.due('token')).toBe(false);
    now = 2_600;
    expect(cache.due('token')).toBe(true);
    expect(cache.get('token')?.viewer).toEqual(viewer);
    now = 5_001;
    expect(cache.get('token')).toBeUndefined();
  });

  it('drops a lookup that began before an eviction, so a revoked grant is never put back', () => {
    const cache = createViewerCache();
    const startedAt = cache.epoch();
    cache.forgetUsers(['u1']);
    cache.set('token', { viewer, organizations: [] }, startedAt);
    expect(cache.get('token')).toBeUndefined();
  });
});
