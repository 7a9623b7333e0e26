// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { GateFamily, PublicationGate } from '../../contract/signal-quality';
import { render, screen, within } from '../testing/dom';
import { GATE_NOT_COMPUTED, PublicationGateCard } from './publication-gate-card';

const family = (over: Partial<GateFamily>): GateFamily => ({
  name: 'ts-trend',
  variant: 'rule=ma,days=10,side=long,holdHours=24',
  variants: 16,
  signals: 942,
  hitRate: 0.281,
  meanNetPercent: 5.02,
  tStat: 2.85,
  sharpe: 1.65,
  deflatedSharpe: 0.83,
  pbo: 0.01,
  passes: false,
  misses: ['deflated Sharpe 0.83 below 0.95'],
  ...over,
});

const gate = (families: GateFamily[]): PublicationGate => ({
  pairs: 12,
  days: 90,
  trials: 76,
  feeSchedule: 'kraken-legacy',
  thresholds: { minDeflatedSharpe: 0.95, maxPbo: 0.2, minTStat: 1.645 },
  families,
});

const cells = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('PublicationGateCard', () => {
  it('says plainly when no family passes, with every family’s figures', () => {
    render(
      <PublicationGateCard
        gate={gate([
          family({}),
          family({
            name: 'mean-reversion',
            signals: 0,
            meanNetPercent: null,
            tStat: null,
            sharpe: null,
            deflatedSharpe: null,
            pbo: null,
          }),
        ])}
      />,
    );
    expect(screen.getByTestId('gate-verdict').textContent).toBe(
      'No strategy family passes the gate on this market, so the engine has no edge it can defend here.',
    );
    expect(cells()).toEqual([
      ['ts-trend', 'Does not pass', '0.83', '0.01', '5.02% (2.85)', '1.65', '942'],
      ['mean-reversion', 'Does not pass', 'N/A', 'N/A', 'N/A', 'N/A', '0'],
    ]);
    expect(screen.getByText(/judged on 90 days of hourly candles of 12 pairs/)).toBeTruthy();
    expect(screen.queryByTestId('gate-live')).toBeNull();
  });

  it('names the families that pass', () => {
    render(
      <PublicationGateCard
        gate={{
          ...gate([
            family({ passes: true, misses: [], deflatedSharpe: 0.99 }),
            family({ name: 'xs-reversal' }),
          ]),
          live: [
            {
              family: 'ts-trend',
              variant: 'rule=ma,days=10,side=long,holdHours=24',
              symbol: 'BTC/USD',
              side: 'long',
              decidedAt: '2026-11-26T23:00:00.000Z',
              holdHours: 24,
              expectedProfitPercent: 5.02,
              lowerBoundPercent: 2.12,
              successRate: 28.1,
            },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('gate-verdict').textContent).toBe('ts-trend passes the gate on this market.');
    expect(screen.getByTestId('gate-live').textContent).toBe(
      'At the latest daily close the passing families hold: BTC/USD long (ts-trend, expected 5.02%).',
    );
    expect(cells()[0]?.slice(0, 3)).toEqual(['ts-trend', 'Passes', '0.99']);
  });

  it('says when the gate has not been judged yet', () => {
    render(<PublicationGateCard gate={undefined} />);
    expect(screen.getByText(GATE_NOT_COMPUTED)).toBeTruthy();
  });
});
