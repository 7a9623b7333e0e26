// @vitest-environment happy-dom
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from 'react-toastify';
import { describe, expect, it, vi } from 'vitest';
import type { Ref } from 'react';
import type { ChartHandle, ChartProps } from '../../../../components/charts/chart-types';
import { fireEvent, render, screen, waitFor } from '../../../../testing/dom';
import { testEntry } from '../../../../testing/test-heat-entry';
import { ChartPanel } from './chart-panel';

/*
 * ECharts needs a real canvas: the browser test draws the charts; here a stand-in reports clicks,
 * and, once "loaded", hands its screen a chart that cannot be captured (as a canvas the browser
 * refuses to read would).
 */
const stand = vi.hoisted(() => ({ loaded: true }));
vi.mock('../../../../components/charts', async (importOriginal) => {
  const { useImperativeHandle } = await import('react');
  const unreadable: ChartHandle = {
    toPngDataUrl: () => {
      throw new Error('canvas cannot be read');
    },
  };
  function StandIn({ ariaLabel, onItemClick, ref }: ChartProps & { ref?: Ref<ChartHandle> }) {
    useImperativeHandle(stand.loaded ? ref : undefined, () => unreadable, []);
    return <div role="img" aria-label={ariaLabel} onClick={() => onItemClick?.('SOL/USD', [0, 0, 1])} />;
  }
  return { ...(await importOriginal<object>()), LazyChart: StandIn };
});
vi.mock('react-toastify', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const END = Date.UTC(2026, 10, 23, 8, 30);
const NO_HISTORY = { price_history: [], volume_history: [] };
const history = [
  { x: END - 3_600_000, y: 150 },
  { x: END, y: 152 },
];

function Where() {
  return <p>at {useLocation().pathname + useLocation().search}</p>;
}

function renderPanel(summary: unknown) {
  return render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<ChartPanel summary={summary} />} />
        <Route path="/heatmap" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ChartPanel', () => {
  it('says so when no pair has data', () => {
    renderPanel({});
    expect(screen.getByText('No valid data available for charts.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Heatmap of Active Pairs' })).toBeNull();
  });

  it('shows the top three in the heat map and each trend chart’s empty state when no history is usable', () => {
    renderPanel({
      'SOL/USD': testEntry('SOL/USD', { heatScore: 30, tickerData: NO_HISTORY }),
      'ADA/USD': testEntry('ADA/USD', { heatScore: 20, tickerData: NO_HISTORY }),
      'DOT/USD': testEntry('DOT/USD', { heatScore: 40, tickerData: NO_HISTORY }),
      'XLM/USD': testEntry('XLM/USD', { heatScore: 10, tickerData: NO_HISTORY }),
    });
    expect(screen.getByRole('heading', { name: 'Heatmap of Active Pairs' })).toBeTruthy();
    const links = screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['DOT/USD', '/heatmap?pair=DOT%2FUSD'],
      ['SOL/USD', '/heatmap?pair=SOL%2FUSD'],
      ['ADA/USD', '/heatmap?pair=ADA%2FUSD'],
    ]);
    expect(screen.getByText('No valid price trend data available.')).toBeTruthy();
    expect(screen.getByText('No valid volume trend data available.')).toBeTruthy();
  });

  it('draws both trend charts when the histories have points', () => {
    renderPanel({
      'SOL/USD': testEntry('SOL/USD', {
        heatScore: 30,
        tickerData: { price_history: history, volume_history: history },
      }),
    });
    expect(screen.getByRole('heading', { name: 'Price Trends (Last 12 Hours)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Volume Trends (Last 12 Hours)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Price of SOL\/USD from / })).toBeTruthy();
    expect(screen.getByRole('img', { name: /^Volume in millions of SOL\/USD from / })).toBeTruthy();
    expect(screen.queryByText('No valid price trend data available.')).toBeNull();
  });

  it('opens the clicked pair on the full heat map', async () => {
    renderPanel({ 'SOL/USD': testEntry('SOL/USD', { heatScore: 30, tickerData: NO_HISTORY }) });
    fireEvent.click(screen.getByRole('img', { name: /^Heat map of SOL\/USD/ }));
    await screen.findByText('at /heatmap?pair=SOL%2FUSD');
  });

  it('reports a chart that cannot be exported', async () => {
    renderPanel({ 'SOL/USD': testEntry('SOL/USD', { heatScore: 30, tickerData: NO_HISTORY }) });
    for (const name of ['Export Heatmap PNG', 'Export Price PNG', 'Export Volume PNG']) {
      fireEvent.click(screen.getByRole('button', { name }));
    }
    await waitFor(() => expect(toast.error).toHaveBeenCalledTimes(3));
    expect(toast.error).toHaveBeenCalledWith('Failed to export chart');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('keeps an export button disabled while its chart loads, and not when there is no chart', () => {
    stand.loaded = false;
    try {
      renderPanel({ 'SOL/USD': testEntry('SOL/USD', { heatScore: 30, tickerData: NO_HISTORY }) });
      const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
      expect(button('Export Heatmap PNG').disabled).toBe(true);
      // No usable history: the trend charts show their empty state and say so on export.
      expect(button('Export Price PNG').disabled).toBe(false);
    } finally {
      stand.loaded = true;
    }
  });
});
