import { QueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeatMap } from '../../../../contract/heatmap';
import { testEntry } from '../../../testing/test-heat-entry';
import { heatSummaryQueryOptions } from './get-heat-summary';
import { applyHeatSummaryUpdate } from './heat-summary-updates';

vi.mock('react-toastify', () => ({ toast: { info: vi.fn() } }));

const key = heatSummaryQueryOptions().queryKey;

describe('applyHeatSummaryUpdate', () => {
  beforeEach(() => vi.mocked(toast.info).mockClear());

  it('merges the changed pairs over the loaded summary and says so once per toast id', () => {
    const client = new QueryClient();
    client.setQueryData<HeatMap>(key, {
      'SOL/USD': testEntry('SOL/USD', { heatScore: 30 }),
      'ADA/USD': testEntry('ADA/USD', { heatScore: 20 }),
    });
    applyHeatSummaryUpdate(client, {
      'ADA/USD': { heatScore: 64.5 },
      'DOT/USD': testEntry('DOT/USD', { heatScore: 12 }),
    });
    const merged = client.getQueryData<HeatMap>(key);
    expect(merged?.['ADA/USD']?.heatScore).toBe(64.5);
    expect(merged?.['ADA/USD']?.successRate).toBe(55);
    expect(merged?.['SOL/USD']?.heatScore).toBe(30);
    expect(merged?.['DOT/USD']?.heatScore).toBe(12);
    expect(toast.info).toHaveBeenCalledWith('Market opportunities updated', { toastId: 'heatmap-update' });
  });

  it('does nothing before the summary has loaded', () => {
    const client = new QueryClient();
    applyHeatSummaryUpdate(client, { 'DOT/USD': testEntry('DOT/USD', { heatScore: 12 }) });
    expect(client.getQueryData(key)).toBeUndefined();
    expect(toast.info).not.toHaveBeenCalled();
  });
});
