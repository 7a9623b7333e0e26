// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { SignalQualityGroup } from '../../../../contract/signal-quality';
import { render, screen, within } from '../../../testing/dom';
import { CalibrationTable, NO_SCORED_OFFERS } from './calibration-table';

const group = (over: Partial<SignalQualityGroup>): SignalQualityGroup => ({
  positionType: 'long',
  riskLevel: 'low',
  predictedSuccessRate: 60,
  sampleSize: 100,
  succeeded: 60,
  failed: 30,
  neither: 10,
  realisedSuccessRate: 60,
  ...over,
});

describe('CalibrationTable', () => {
  it('shows each group with its interval and verdict', () => {
    render(
      <CalibrationTable
        loading={false}
        groups={[
          group({}),
          group({ positionType: 'scalp_short', riskLevel: 'high', predictedSuccessRate: 75 }),
          group({ positionType: 'ml_scalp_bullish', sampleSize: 5, succeeded: 1, failed: 4, neither: 0 }),
        ]}
      />,
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    const texts = rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(texts).toEqual([
      ['Long', 'Low', 'Holds', '60.00%', '60.00%', '50.20–69.06%', '100', '60 / 30 / 10'],
      ['Scalp short', 'High', 'Overstates', '75.00%', '60.00%', '50.20–69.06%', '100', '60 / 30 / 10'],
      [
        'ML scalp bullish',
        'Low',
        'Too few offers to judge',
        '60.00%',
        '60.00%',
        '3.62–62.45%',
        '5',
        '1 / 4 / 0',
      ],
    ]);
  });

  it('says why there is nothing to judge when no offer is scored yet', () => {
    render(<CalibrationTable loading={false} groups={[]} />);
    expect(screen.getByRole('status').textContent).toBe(NO_SCORED_OFFERS);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says it is loading before the first answer', () => {
    render(<CalibrationTable loading groups={undefined} />);
    expect(within(screen.getByRole('table')).getByText('Loading signal quality...')).toBeTruthy();
  });
});
