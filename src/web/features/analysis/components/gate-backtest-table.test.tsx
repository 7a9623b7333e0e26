// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { PublicationGate } from '../../../../contract/signal-quality';
import { render, screen, within } from '../../../testing/dom';
import { GateBacktestTable, NO_GATE_BACKTEST } from './gate-backtest-table';

const gate = (rows: NonNullable<PublicationGate['backtest']>['rows']): PublicationGate => ({
  pairs: 12,
  days: 180,
  trials: 76,
  feeSchedule: 'kraken-legacy',
  thresholds: { minDeflatedSharpe: 0.95, maxPbo: 0.2, minTStat: 1.645 },
  families: [],
  live: [],
  latestDecision: null,
  backtest: { firstRefitDays: 90, refitDays: 30, rows },
});

describe('GateBacktestTable', () => {
  it('shows each family and risk level with its interval and verdict', () => {
    render(
      <GateBacktestTable
        gate={gate([
          {
            family: 'ts-trend',
            riskLevel: 'low',
            predictedSuccessRate: 55,
            sampleSize: 100,
            succeeded: 56,
            realisedSuccessRate: 56,
          },
          {
            family: 'ts-trend',
            riskLevel: 'high',
            predictedSuccessRate: 53.3,
            sampleSize: 18,
            succeeded: 7,
            realisedSuccessRate: 38.89,
          },
        ])}
      />,
    );
    const table = screen.getByRole('table', { name: 'Walk-forward backtest by family and risk level' });
    const texts = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(texts).toEqual([
      ['ts-trend', 'Low', 'Holds', '55.00%', '56.00%', '46.23–65.33%', '100'],
      ['ts-trend', 'High', 'Too few offers to judge', '53.30%', '38.89%', '20.31–61.38%', '18'],
    ]);
    expect(
      screen.getByText(/judged every family on the candles before day 90 only, then again every 30 days/),
    ).toBeTruthy();
  });

  it('says when the gate published nothing in its walk-forward, and shows nothing before it is judged', () => {
    const { unmount } = render(<GateBacktestTable gate={gate([])} />);
    expect(screen.getByText(NO_GATE_BACKTEST)).toBeTruthy();
    unmount();
    render(<GateBacktestTable gate={undefined} />);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
