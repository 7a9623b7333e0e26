// @vitest-environment happy-dom
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TrackRecordQuery } from '../../../../contract/track-record';
import type { ChartProps } from '../../../components/charts/chart-types';
import { OUTSIDE_FLAG } from '../../../components/track-record/family-comparison-table';
import { formatDateTime } from '../../../lib/format';
import { fireEvent, screen, waitFor, within } from '../../../testing/dom';
import { serveApi, type FakeAnswer, type FakeCall } from '../../../testing/fake-api';
import { renderWithQuery } from '../../../testing/render-with-query';
import { emptyTrackRecord, fixtureHash, trackRecordFixture } from '../../../testing/track-record-fixture';
import { TRACK_RECORD_ERROR } from '../api/get-track-record';
import { NOTHING_PUBLISHED } from './chain-head-card';
import { NO_SETTLED_OFFER } from './equity-curve-card';
import { TrackRecordPage } from './track-record-page';

// ECharts needs a real canvas (the browser test draws it); a stand-in keeps the chart's name.
vi.mock('../../../components/charts', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  LazyChart: ({ ariaLabel }: ChartProps) => <div role="img" aria-label={ariaLabel} />,
}));

afterEach(() => vi.unstubAllGlobals());

const recordCalls = (calls: FakeCall[]) => calls.filter((c) => c.path === '/api/track-record');

/** The fixture chain, answering each request for the filters and page it asks. */
function serveRecord(answer?: (call: FakeCall) => FakeAnswer | undefined) {
  return serveApi((call) => {
    if (call.path !== '/api/track-record') return undefined;
    const mine = answer?.(call);
    if (mine) return mine;
    const { family, pair, period, offset, limit } = call.query;
    const query: Partial<TrackRecordQuery> = {
      family,
      pair,
      period: period as TrackRecordQuery['period'],
      offset: Number(offset),
      limit: Number(limit),
    };
    return { status: 200, body: trackRecordFixture(query) };
  });
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderPage(path = '/track-record') {
  renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <TrackRecordPage />
      <Where />
    </MemoryRouter>,
  );
}

const figure = (term: string) => {
  const dd = screen.getByText(term, { selector: 'dt' }).nextElementSibling;
  return dd?.textContent;
};
const offersTable = () => screen.getByRole('table', { name: 'Published offers, newest first' });
const offerRows = () => within(offersTable()).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('TrackRecordPage', () => {
  it('shows the head, the headline figures, the families and the newest offers of the record', async () => {
    const calls = serveRecord();
    renderPage();
    await screen.findByText('62 entries');
    const record = trackRecordFixture();

    expect(screen.getByRole('heading', { name: 'Track record', level: 1 })).toBeTruthy();
    expect(screen.getByTestId('chain-hash').textContent).toBe(fixtureHash(62));
    expect(screen.getByText(formatDateTime(record.head.recordedAt))).toBeTruthy();
    expect(screen.getByText(formatDateTime(record.startedAt))).toBeTruthy();
    expect(recordCalls(calls).map((c) => c.query)).toEqual([{ period: 'all', offset: '0', limit: '25' }]);

    expect(figure('Offers published')).toBe('30');
    expect(figure('Settled')).toBe('22');
    expect(figure('Hit rate')).toBe('59.09%');
    expect(figure('Mean net return per offer')).toBe('0.22%');
    expect(screen.getByText('t-statistic 0.93')).toBeTruthy();
    expect(figure('Total net return of an equal stake')).toBe('4.80%');
    expect(figure('Max drawdown')).toBe('2.60%');
    expect(screen.getByTestId('equity-drawdown').textContent).toBe('2.60%');
    expect(screen.getByText(/3 bypass offers are listed below but left out of these figures\./)).toBeTruthy();
    expect(
      screen.getByRole('img', { name: /^Equity curve: cumulative net return .* on 22 settled offers/ }),
    ).toBeTruthy();

    const families = screen.getByRole('table', { name: 'Per family, live against backtest' });
    expect(within(families).getAllByText(OUTSIDE_FLAG)).toHaveLength(1);
    expect(within(families).getByText('No backtest yet')).toBeTruthy();
    // breakout has no settled offer yet: its rates are N/A, not 0.
    expect(cells(within(families).getAllByRole('row')[1]!).slice(0, 6)).toEqual([
      'breakout',
      '2',
      '0',
      'N/A',
      'N/A',
      'N/A',
    ]);

    expect(screen.getByTestId('offers-shown').textContent).toBe('25 of 33 shown');
    const rows = offerRows();
    expect(rows).toHaveLength(25);
    const newest = record.offers.data[0]!;
    expect(cells(rows[0]!)).toEqual([
      // Date over time, in two lines.
      formatDateTime(newest.publishedAt).replace(/, (?=[^,]*$)/, ''),
      'SOL/USD',
      'Sell',
      'ts-trend',
      '172.40',
      '1 day',
      '57.25%',
      '0.62%',
      'Pending',
      'N/A',
      'N/A',
      `#61 ${newest.hash.slice(0, 12)}…`,
    ]);
    expect(within(rows[0]!).getByTitle(newest.hash)).toBeTruthy();
    const outcomes = rows.map((row) => cells(row)[8]);
    expect(new Set(outcomes)).toEqual(new Set(['Pending', 'Succeeded', 'Failed', 'Neither', 'Unscoreable']));
    // The offer that held its position on twice, and the bypass offers' badge.
    const extended = rows.find((row) => cells(row)[5] === '3 daysextended 2×');
    expect(extended && cells(extended).slice(8, 11)).toEqual(['Failed', '3507.40', '-1.30%']);
    // The two bypass offers on the first page, of the three.
    expect(within(offersTable()).getAllByText('Bypass')).toHaveLength(2);
  });

  it('sends the filters from the address bar, and keeps each change in it', async () => {
    const calls = serveRecord();
    renderPage('/track-record?pair=ETH%2FUSD');
    await screen.findByText('62 entries');
    expect(recordCalls(calls)[0]!.query).toEqual({
      pair: 'ETH/USD',
      period: 'all',
      offset: '0',
      limit: '25',
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Pair').value).toBe('ETH/USD');

    fireEvent.change(screen.getByLabelText('Family'), { target: { value: 'mean-revert' } });
    await waitFor(() => expect(screen.getByTestId('offers-shown').textContent).toBe('3 of 3 shown'));
    expect(screen.getByTestId('where').textContent).toBe('/track-record?family=mean-revert&pair=ETH%2FUSD');
    expect(recordCalls(calls).at(-1)!.query).toEqual({
      family: 'mean-revert',
      pair: 'ETH/USD',
      period: 'all',
      offset: '0',
      limit: '25',
    });

    fireEvent.change(screen.getByLabelText('Period'), { target: { value: '7d' } });
    fireEvent.change(screen.getByLabelText('Pair'), { target: { value: '' } });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/track-record?family=mean-revert&period=7d'),
    );
    await waitFor(() =>
      expect(recordCalls(calls).at(-1)!.query).toEqual({
        family: 'mean-revert',
        period: '7d',
        offset: '0',
        limit: '25',
      }),
    );
    // mean-revert's offers of the last 7 days: one settled at -0.9, one at 1.1, one pending.
    await waitFor(() => expect(figure('Offers published')).toBe('3'));
    expect(figure('Settled')).toBe('2');
    expect(figure('Total net return of an equal stake')).toBe('0.20%');
    expect(screen.queryByText(/bypass offers? (is|are) listed below/)).toBeNull();
  });

  it('shows N/A, not zero, where the filters leave no settled offer', async () => {
    serveRecord();
    renderPage('/track-record?family=breakout');
    await screen.findByText('2 of 2 shown');
    expect(figure('Offers published')).toBe('2');
    expect(figure('Settled')).toBe('0');
    expect(figure('Hit rate')).toBe('N/A');
    expect(figure('Mean net return per offer')).toBe('N/A');
    expect(screen.getByText('t-statistic N/A')).toBeTruthy();
    expect(screen.getByText(NO_SETTLED_OFFER)).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Equity curve/ })).toBeNull();
  });

  it("fetches the next 25 offers with 'Load More' until all are listed", async () => {
    const calls = serveRecord();
    renderPage();
    await screen.findByText('25 of 33 shown');
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await screen.findByText('33 of 33 shown');
    expect(recordCalls(calls).map((c) => c.query.offset)).toEqual(['0', '25']);
    expect(offerRows()).toHaveLength(33);
    expect(cells(offerRows().at(-1)!)[11]).toMatch(/^#1 /);
    expect(screen.queryByRole('button', { name: 'Load More' })).toBeNull();
  });

  it('says when the API is down, and keeps the page and the way to verify', async () => {
    serveRecord(() => ({
      status: 503,
      body: { error: 'Service temporarily unavailable: database unreachable' },
    }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(TRACK_RECORD_ERROR);
    expect(alert.textContent).toContain('Service temporarily unavailable: database unreachable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Track record', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Verify it yourself' })).toBeTruthy();
  });

  it('says nothing has been published yet on an empty chain', async () => {
    serveRecord(() => ({ status: 200, body: emptyTrackRecord() }));
    renderPage();
    await screen.findByText(NOTHING_PUBLISHED);
    expect(screen.getByTestId('chain-count').textContent).toBe('0 entries');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('links the export and the verifier as downloads, with the commands to run', async () => {
    serveRecord();
    renderPage();
    await screen.findByText('62 entries');
    const record = screen.getByRole('link', { name: 'Download the record (JSON Lines)' });
    expect(record.getAttribute('href')).toBe('/api/track-record/export');
    expect(record.getAttribute('download')).toBe('heatsignal-track-record.jsonl');
    const verifier = screen.getByRole('link', { name: 'Download the verifier' });
    expect(verifier.getAttribute('href')).toBe('/api/track-record/verifier');
    expect(verifier.getAttribute('download')).toBe('verify-track-record.mjs');
    for (const command of [
      'node verify-track-record.mjs heatsignal-track-record.jsonl',
      'node verify-track-record.mjs <later export> --earlier <earlier export>',
      'npm run track-record:verify -- <file or URL>',
    ])
      expect(screen.getByText(command, { selector: 'code' })).toBeTruthy();
  });
});
