// @vitest-environment happy-dom
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTSIDE_FLAG } from '../../../components/track-record/family-comparison-table';
import { screen, within } from '../../../testing/dom';
import { serveApi } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { trackRecordFixture } from '../../../testing/track-record-fixture';
import { TRACK_RECORD_FAMILIES_ERROR } from '../api/get-track-record-families';
import { LiveVsBacktestCard } from './live-vs-backtest-card';

afterEach(() => vi.unstubAllGlobals());

const renderCard = () =>
  renderWithQuery(
    <MemoryRouter>
      <LiveVsBacktestCard />
    </MemoryRouter>,
  );

describe('LiveVsBacktestCard', () => {
  it("reads the public record's family rows, all time, and links to the track record", async () => {
    const calls = serveApi((call) =>
      call.path === '/api/track-record' ? { status: 200, body: trackRecordFixture({ limit: 1 }) } : undefined,
    );
    renderCard();
    const table = await screen.findByRole('table', { name: 'Live against backtest, per family' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent),
    ).toEqual(['breakout', 'mean-revert', 'ts-trend']);
    expect(within(table).getByText(OUTSIDE_FLAG)).toBeTruthy();
    expect(calls.map((c) => c.query)).toEqual([{ limit: '1' }]);
    expect(screen.getByRole('link', { name: 'Open the track record' }).getAttribute('href')).toBe(
      '/track-record',
    );
  });

  it('says so when the record cannot be read', async () => {
    serveApi(() => ({ status: 500, body: {} }));
    renderCard();
    expect((await screen.findByRole('alert')).textContent).toBe(TRACK_RECORD_FAMILIES_ERROR);
  });
});
