import { describe, expect, it } from 'vitest';
import { KRAKEN_CURRENT, createConstantSlippage } from './costs';
import { simulatePositions } from './simulate-positions';
import { simulateTrades } from './simulate-trades';
import { buildRandomUniverse, buildTestUniverse, flatRows } from './testing/synthetic-universe';
import type { Signal } from './types';
import { universeSlice } from './universe';

const fees = KRAKEN_CURRENT;
const slippage = createConstantSlippage(0.0005);
const hold = (at: number, holdHours: number, side: 1 | -1 = 1): Signal => ({
  pair: 0,
  at,
  side,
  entry: { kind: 'market' },
  holdHours,
});

describe('one position per pair and side', () => {
  const universe = buildTestUniverse({ A: flatRows(60) });

  it('extends an open hold-only position instead of paying a second round trip', () => {
    // Entered at hour 1 for 10 h (exit at the close of hour 10); the signal at 5 extends to 5 + 10.
    const { trades, extended } = simulatePositions({
      universe,
      signals: [hold(0, 10), hold(5, 10)],
      fees,
      slippage,
    });
    expect(extended).toBe(1);
    expect(trades).toHaveLength(1);
    expect(trades[0]).toMatchObject({ entryHour: 1, exitHour: 15, exit: 'horizon' });
    const single = simulateTrades({ universe, signals: [hold(0, 10)], fees, slippage }).trades[0]!;
    expect(trades[0]!.costs).toBeCloseTo(single.costs, 12);
  });

  it('keeps a position a signal renews at the very close it would leave at', () => {
    const { trades } = simulatePositions({ universe, signals: [hold(0, 10), hold(10, 10)], fees, slippage });
    expect(trades.map((t) => [t.entryHour, t.exitHour])).toEqual([[1, 20]]);
  });

  it('opens a new position after the last one has closed, and keeps sides apart', () => {
    const { trades } = simulatePositions({
      universe,
      signals: [hold(0, 5), hold(2, 5, -1), hold(11, 5)],
      fees,
      slippage,
    });
    expect(trades.map((t) => [t.side, t.entryHour, t.exitHour])).toEqual([
      [1, 1, 5],
      [-1, 3, 7],
      [1, 12, 16],
    ]);
  });

  it('drops a signal with its own exit levels while its pair and side are held', () => {
    const withStop = { ...hold(3, 10), stopLoss: 50 };
    const { trades, dropped } = simulatePositions({
      universe,
      signals: [hold(0, 10), withStop],
      fees,
      slippage,
    });
    expect(dropped).toBe(1);
    expect(trades).toHaveLength(1);
    expect(trades[0]!.exitHour).toBe(10);
  });

  it('decides from the past only: cutting the future keeps every trade that ended before the cut', () => {
    const big = buildRandomUniverse({ seed: 3, hours: 800, symbols: ['A', 'B'], gapRate: 0.02 });
    const signals: Signal[] = [];
    for (let at = 30; at < 780; at += 7)
      signals.push({ ...hold(at, 24 + (at % 50), at % 2 ? 1 : -1), pair: at % 2 });
    const full = simulatePositions({ universe: big, signals, fees, slippage }).trades;
    const cut = 500;
    const sliced = universeSlice(big, cut);
    const early = simulatePositions({
      universe: sliced,
      signals: signals.filter((s) => s.at < cut),
      fees,
      slippage,
    });
    const done = (t: { exitHour: number; exit: string }) => t.exitHour < cut - 1 && t.exit !== 'data_end';
    expect(early.trades.filter(done)).toEqual(full.filter((t) => t.exitHour < cut - 1).filter(done));
  });
});
