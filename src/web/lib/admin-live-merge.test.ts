import { describe, expect, it } from 'vitest';
import type { AdminLiveMessage } from '../../contract/events';
import type { AdminHeatMap } from '../../contract/heatmap';
import { testAdminEntry as entry } from '../testing/test-heat-entry';
import { mergeAdminLiveMessage, refetchesHeatMap } from './admin-live-merge';

const AT = '2026-11-23T10:00:00.000Z';
const held: AdminHeatMap = {
  'BTC/USD': entry('BTC/USD', { recentErrors: [{ error: 'old', at: '2026-11-23T09:00:00.000Z' }] }),
  'ETH/USD': entry('ETH/USD'),
};
const message = (over: Partial<AdminLiveMessage>): AdminLiveMessage => ({
  channel: 'pair_updates:all',
  at: AT,
  ...over,
});

describe('an admin stream message merged into the held heat map', () => {
  it('drops a pair that was deleted or deactivated', () => {
    for (const action of ['deleted', 'deactivated'] as const) {
      const next = mergeAdminLiveMessage(held, message({ pair: 'ETH/USD', action }));
      expect(Object.keys(next)).toEqual(['BTC/USD']);
    }
    expect(Object.keys(held)).toEqual(['BTC/USD', 'ETH/USD']);
  });

  it("puts a worker failure first in the pair's recent errors, once", () => {
    const failure = message({ channel: 'worker_log', pair: 'BTC/USD', error: 'feed timeout' });
    const next = mergeAdminLiveMessage(held, failure);
    expect(next['BTC/USD']!.recentErrors.map((e) => e.error)).toEqual(['feed timeout', 'old']);
    expect(mergeAdminLiveMessage(next, failure)).toBe(next);
  });

  it('leaves the map alone for pairs it does not hold and for progress', () => {
    expect(mergeAdminLiveMessage(held, message({ pair: 'SOL/USD', action: 'deleted' }))).toBe(held);
    const progress = message({
      channel: 'analysis_status',
      pair: 'BTC/USD',
      status: 'running',
      progress: 40,
    });
    expect(mergeAdminLiveMessage(held, progress)).toBe(held);
  });

  it('reads the map again when figures changed: a pair added or changed, an analysis completed', () => {
    expect(refetchesHeatMap(message({ pair: 'SOL/USD', action: 'added' }))).toBe(true);
    expect(refetchesHeatMap(message({ pair: 'SOL/USD', action: 'deleted' }))).toBe(false);
    const status = (s: 'running' | 'completed') =>
      message({ channel: 'analysis_status', pair: 'BTC/USD', analysisId: 'a', status: s, progress: 50 });
    expect(refetchesHeatMap(status('running'))).toBe(false);
    expect(refetchesHeatMap(status('completed'))).toBe(true);
    expect(refetchesHeatMap(message({ channel: 'worker_log', pair: 'BTC/USD', error: 'x' }))).toBe(false);
  });
});
