/**
 * Signals → trades as the product runs them: one position per pair and side at a time, as there is
 * one live offer per pair and position type. A signal that arrives while its pair and side are
 * already held either extends the position (a hold-only signal, without exit levels: the family
 * still says "be in", so a trader keeps the position instead of paying a new round trip; its entry
 * order is moot) or is dropped (a signal with its own levels would be a second, different trade).
 *
 * Whether a position is still open at a signal's decision hour depends only on prices up to that
 * hour, and an extension only moves the exit later, so no decision reads the future.
 */
import { createSpreadSlippage, type SlippageModel } from './costs';
import { simulateTrades, type SimulationResult } from './simulate-trades';
import type { FeeSchedule, Signal, Trade, Universe } from './types';

export interface SimulatePositionsInput {
  universe: Universe;
  signals: readonly Signal[];
  fees: FeeSchedule;
  slippage?: SlippageModel;
}

export interface PositionsResult extends SimulationResult {
  /** Signals that extended an open position. */
  extended: number;
  /** Signals dropped because their pair and side were held. */
  dropped: number;
}

const isHoldOnly = (s: Signal) => s.takeProfit === undefined && s.stopLoss === undefined;

export function simulatePositions(input: SimulatePositionsInput): PositionsResult {
  const { universe, fees } = input;
  const slippage = input.slippage ?? createSpreadSlippage(universe);
  const result: PositionsResult = { trades: [], unfilled: 0, missed: 0, extended: 0, dropped: 0 };
  const simulateOne = (signal: Signal) => simulateTrades({ universe, signals: [signal], fees, slippage });

  for (const group of groupByPairAndSide(input.signals)) {
    let open: { signal: Signal; trade: Trade } | undefined;
    const close = () => {
      if (open) result.trades.push(open.trade);
      open = undefined;
    };
    for (const signal of group) {
      if (open && isStillHeld(open.trade, signal.at)) {
        if (!isHoldOnly(signal) || !isHoldOnly(open.signal)) {
          result.dropped++;
          continue;
        }
        // Held on: the same entry, its horizon moved to where this signal's own would end.
        const holdHours = signal.at + 1 + signal.holdHours - open.trade.entryHour;
        if (holdHours > open.signal.holdHours) {
          const longer = { ...open.signal, holdHours };
          const [trade] = simulateOne(longer).trades;
          open = { signal: longer, trade: trade! };
        }
        result.extended++;
        continue;
      }
      close();
      const simulated = simulateOne(signal);
      result.unfilled += simulated.unfilled;
      result.missed += simulated.missed;
      const [trade] = simulated.trades;
      if (trade) open = { signal, trade };
    }
    close();
  }
  result.trades.sort((a, b) => a.at - b.at || a.pair - b.pair || a.side - b.side);
  return result;
}

/** Held at the close of hour `at`: not yet exited, or leaving at that very close by its horizon. */
function isStillHeld(trade: Trade, at: number): boolean {
  return at < trade.exitHour || (at === trade.exitHour && trade.exit === 'horizon');
}

function groupByPairAndSide(signals: readonly Signal[]): Signal[][] {
  const groups = new Map<string, Signal[]>();
  for (const s of signals) {
    const key = `${s.pair}:${s.side}`;
    const group = groups.get(key);
    if (group) group.push(s);
    else groups.set(key, [s]);
  }
  return [...groups.values()].map((g) => g.sort((a, b) => a.at - b.at));
}
