import { QueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeatMap } from '../../../../contract/heatmap';
import { heatEntry } from '../testing/heat-entry';
import { heatSummaryQueryOptions } from './get-heat-summary';
import { applyHeatSummaryUpdate } from './heat-summary-updates';

vi.mock('react-toastify', () => ({ toast: { info: vi.fn() } }));

const key = heatSummaryQueryOptions().queryKey;

describe('applyHeatSummaryUpdate', () => {
  beforeEach(() => vi.mocked(toast.info).mockClear());

  it('merges the changed pairs over the loaded summary and says so once per toast id', () => {
    const client = new QueryClient();
    client.setQueryData<HeatMap>(key, {
      'SOL/USD': heatEntry('SOL/USD', 30),
      'ADA/USD': heatEntry('ADA/USD', 20),
    });
    applyHeatSummaryUpdate(client, { 'ADA/USD': { heatScore: 64.5 }, 'DOT/USD': heatEntry('DOT/USD', 12) });
    const merged = client.getQueryData<HeatMap>(key);
    expect(merged?.['ADA/USD']?.heatScore).toBe(64.5);
    expect(merged?.['ADA/USD']?.successRate).toBe(55);
    expect(merged?.['SOL/USD']?.heatScore).toBe(30);
    expect(merged?.['DOT/USD']?.heatScore).toBe(12);
    expect(toast.info).toHaveBeenCalledWith('Market opportunities updated', { toastId: 'heatmap-update' });
  });

  it('does nothing before the summary has loaded', () => {
    const client = new QueryClient();
    applyHeatSummaryUpdate(client, { 'DOT/USD': heatEntry('DOT/USD', 12) });
    expect(client.getQueryData(key)).toBeUndefined();
    expect(toast.info).not.toHaveBeenCalled();
  });
});
