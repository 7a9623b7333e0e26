import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = new Date('2026-11-21T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1_000).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(formatRelativeTime(ago(5), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(60), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * 60), NOW)).toBe('59 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600 + 59), NOW)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400), NOW)).toBe('yesterday');
    expect(formatRelativeTime(ago(9 * 86_400), NOW)).toBe('last week');
    expect(formatRelativeTime(ago(40 * 86_400), NOW)).toBe('last month');
  });

  it('reads a clock slightly ahead of ours as now', () => {
    expect(formatRelativeTime(new Date(NOW.getTime() + 20_000).toISOString(), NOW)).toBe('just now');
  });
});
