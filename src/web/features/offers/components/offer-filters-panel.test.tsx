// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '../../../testing/dom';
import { DEFAULT_OFFER_FILTERS, applyPreferences, type OfferFilters } from '../lib/offer-filters';
import { OfferFiltersPanel } from './offer-filters-panel';

function renderPanel(filters: OfferFilters = DEFAULT_OFFER_FILTERS, applied: OfferFilters = filters) {
  const onChange = vi.fn<(next: OfferFilters) => void>();
  const view = render(
    <MemoryRouter>
      <OfferFiltersPanel filters={filters} applied={applied} onChange={onChange} />
    </MemoryRouter>,
  );
  return { onChange, ...view };
}

describe('the offers filters panel', () => {
  afterEach(() => vi.useRealTimers());

  it('labels every control', () => {
    renderPanel();
    expect(screen.getByLabelText('Search Pair').getAttribute('placeholder')).toBe('e.g. BTC/USD');
    for (const label of [
      'Sort By',
      'Sort Direction',
      'Use Preferences',
      'Min Success Rate',
      'Max Heat Score',
    ])
      expect(screen.getByLabelText(label)).toBeTruthy();
    const types = screen.getByRole('group', { name: 'Position Type' });
    expect(within(types).getAllByRole('checkbox')).toHaveLength(14);
    expect(within(screen.getByRole('group', { name: 'Risk Level' })).getAllByRole('checkbox')).toHaveLength(
      3,
    );
    const status = within(screen.getByRole('group', { name: 'Status' }));
    expect(status.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([
      true,
      true,
    ]);
  });

  it('sends the search 300 ms after the last keystroke, once', () => {
    vi.useFakeTimers();
    const { onChange } = renderPanel();
    const search = screen.getByLabelText('Search Pair');
    fireEvent.change(search, { target: { value: 'ET' } });
    act(() => {
      vi.advanceTimersByTime(250);
    });
    fireEvent.change(search, { target: { value: 'ETH' } });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(onChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ ...DEFAULT_OFFER_FILTERS, search: 'ETH' });
  });

  it('raises the max to a min typed above it, and applies the fallback when a range field is left', () => {
    const filters = { ...DEFAULT_OFFER_FILTERS, heatScore: { min: 0, max: 40 } };
    const { onChange } = renderPanel(filters);
    fireEvent.change(screen.getByLabelText('Min Heat Score'), { target: { value: '55' } });
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, heatScore: { min: 55, max: 55 } });

    onChange.mockClear();
    const max = screen.getByLabelText('Max Success Rate');
    fireEvent.change(max, { target: { value: '' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(max);
    expect(onChange).toHaveBeenCalledExactlyOnceWith({ ...filters, successRate: { min: 0, max: 100 } });
  });

  it('ticks and unticks multi-select choices in a fixed order', () => {
    const filters = { ...DEFAULT_OFFER_FILTERS, riskLevels: ['high' as const] };
    const { onChange } = renderPanel(filters);
    fireEvent.click(within(screen.getByRole('group', { name: 'Risk Level' })).getByLabelText('Low'));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, riskLevels: ['low', 'high'] });
    fireEvent.click(within(screen.getByRole('group', { name: 'Status' })).getByLabelText('Open'));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, statuses: ['hot'] });
  });

  it("shows the preferences' values, locked, while 'Use Preferences' is ticked", () => {
    const filters = { ...DEFAULT_OFFER_FILTERS, usePrefs: true };
    const applied = applyPreferences(filters, {
      preferredPositionTypes: ['short'],
      preferredRiskLevels: ['medium'],
      minSuccessRate: 65,
    });
    const { onChange } = renderPanel(filters, applied);
    const minSuccess = screen.getByLabelText<HTMLInputElement>('Min Success Rate');
    expect([minSuccess.value, minSuccess.disabled]).toEqual(['65', true]);
    const medium = within(screen.getByRole('group', { name: 'Risk Level' })).getByLabelText<HTMLInputElement>(
      'Medium',
    );
    expect([medium.checked, medium.disabled]).toEqual([true, true]);
    expect(screen.getByRole('group', { name: 'Position Type' }).textContent).toContain('Short');
    fireEvent.click(screen.getByLabelText('Use Preferences'));
    expect(onChange).toHaveBeenLastCalledWith({ ...filters, usePrefs: false });
  });
});
