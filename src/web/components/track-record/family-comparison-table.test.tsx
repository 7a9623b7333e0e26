// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { TrackRecordFamily } from '../../../contract/track-record';
import { render, screen, within } from '../../testing/dom';
import { trackRecordFixture } from '../../testing/track-record-fixture';
import {
  FamilyComparisonTable,
  formatBacktestPeriod,
  INSIDE,
  NO_BACKTEST_TRADES,
  NO_FAMILIES,
  OUTSIDE_FLAG,
  TOO_FEW_BACKTEST_TRADES,
} from './family-comparison-table';

const rowTexts = () =>
  within(screen.getByRole('table', { name: 'Live against backtest, per family' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('FamilyComparisonTable', () => {
  it('shows each family live beside its backtest, flagging a live mean outside the interval', () => {
    const { families } = trackRecordFixture();
    const period = (i: number) => formatBacktestPeriod(families[i]!.backtest!);
    render(<FamilyComparisonTable families={families} />);
    expect(rowTexts()).toEqual([
      ['breakout', '2', '0', 'N/A', 'N/A', 'N/A', 'No backtest yet'],
      [
        'mean-revert',
        '10',
        '8',
        '50.00%',
        '54.50%',
        '-0.09% (t -0.23)',
        `96${period(1)}`,
        '0.92%',
        `[0.31%, 1.53%]${OUTSIDE_FLAG}`,
      ],
      [
        'ts-trend',
        '18',
        '14',
        '64.29%',
        '57.25%',
        '0.39% (t 1.32)',
        `212${period(2)}`,
        '0.38%',
        `[-0.12%, 0.88%]${INSIDE}`,
      ],
    ]);
    expect(screen.getAllByText(OUTSIDE_FLAG)).toHaveLength(1);
  });

  it('says in words when the period holds no backtest trade, or too few for an interval', () => {
    const [, family] = trackRecordFixture().families as [TrackRecordFamily, TrackRecordFamily];
    const backtest = family.backtest!;
    render(
      <FamilyComparisonTable
        families={[
          {
            ...family,
            backtest: { ...backtest, trades: 0, meanNetReturnPercent: null, interval: null, outside: false },
          },
          {
            ...family,
            family: 'other',
            backtest: { ...backtest, trades: 1, interval: null, outside: false },
          },
        ]}
      />,
    );
    const [none, one] = rowTexts();
    const period = formatBacktestPeriod(backtest);
    expect(none!.slice(6)).toEqual([`0${period}`, 'N/A', NO_BACKTEST_TRADES]);
    expect(one!.slice(6)).toEqual([`1${period}`, '0.92%', TOO_FEW_BACKTEST_TRADES]);
  });

  it('states the backtest period compactly, with the year once when both ends share it', () => {
    expect(formatBacktestPeriod({ from: '2026-10-02T12:00:00Z', to: '2026-10-25T12:00:00Z' })).toMatch(
      /^Oct 2\s–\s25, 2026$/,
    );
    expect(formatBacktestPeriod({ from: '2026-12-20T12:00:00Z', to: '2027-01-05T12:00:00Z' })).toMatch(
      /^Dec 20, 2026\s–\sJan 5, 2027$/,
    );
  });

  it('says when no family has published yet', () => {
    render(<FamilyComparisonTable families={[]} />);
    expect(screen.getByText(NO_FAMILIES)).toBeTruthy();
  });
});
