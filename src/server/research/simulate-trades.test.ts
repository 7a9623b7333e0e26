import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/random';
import { createConstantSlippage, KRAKEN_CURRENT, KRAKEN_LEGACY, type SlippageModel } from './costs';
import { simulateTrades } from './simulate-trades';
import { buildRandomUniverse, buildTestUniverse, type CandleRow } from './testing/synthetic-universe';
import type { Signal, Universe } from './types';
import { universeSlice } from './universe';

/** A quiet hour around `p`: open = close = p, high/low ± 0.5. */
const q = (p = 100): CandleRow => [p, p + 0.5, p - 0.5, p];
const NO_COSTS = {
  fees: { name: 'none', makerPercent: 0, takerPercent: 0 },
  slippage: createConstantSlippage(0),
};

function simulate(rows: CandleRow[], signal: Partial<Signal>, costs = NO_COSTS) {
  const universe = buildTestUniverse({ 'BTC/USDT': rows });
  const full: Signal = { pair: 0, at: 0, side: 1, entry: { kind: 'market' }, holdHours: 2, ...signal };
  return simulateTrades({ universe, signals: [full], ...costs });
}
const onlyTrade = (result: ReturnType<typeof simulate>) => {
  expect(result.trades).toHaveLength(1);
  return result.trades[0]!;
};

describe('market entries', () => {
  it('fill at the open of the hour after the decision, never at the decision close', () => {
    const t = onlyTrade(
      simulate(
        [
          [100, 101, 99, 100],
          [102, 103, 101, 102.5],
          [103, 105, 102, 104],
        ],
        {},
      ),
    );
    expect(t).toMatchObject({ at: 0, entryHour: 1, entryPrice: 102, maker: false });
    expect(t).toMatchObject({ exitHour: 2, exitPrice: 104, exit: 'horizon' });
    expect(t.grossReturn).toBeCloseTo(104 / 102 - 1, 15);
  });

  it('wait across a gap for the next candle, at most 3 hours after the decision', () => {
    const t = onlyTrade(simulate([q(), null, null, q(101), q(102)], {}));
    expect(t).toMatchObject({ entryHour: 3, entryPrice: 101, exitHour: 4, exitPrice: 102 });
    const late = simulate([q(), null, null, null, q(101), q(102)], {});
    expect(late).toEqual({ trades: [], unfilled: 0, missed: 1 });
  });

  it('are missed when the decision is the last hour of the data', () => {
    expect(simulate([q(), q()], { at: 1 })).toEqual({ trades: [], unfilled: 0, missed: 1 });
  });
});

describe('limit entries', () => {
  const buyAt99 = { entry: { kind: 'limit', price: 99, validHours: 3 } } as const;

  it('fill at the limit only when an hour trades strictly through it, as a maker', () => {
    const rows = [q(), [100, 100.5, 99, 99.5] as const, [99.5, 100, 98.9, 99.8] as const, q(), q(101)];
    const t = onlyTrade(simulate(rows, { ...buyAt99, holdHours: 3 }));
    expect(t).toMatchObject({ entryHour: 2, entryPrice: 99, maker: true, exitHour: 4, exitPrice: 101 });
  });

  it('stay unfilled when the price only touches, or comes through after the order expired', () => {
    const touch = [q(), [100, 100.5, 99, 99.5], q(), q(), [100, 100, 98, 99]] as CandleRow[];
    expect(simulate(touch, buyAt99)).toEqual({ trades: [], unfilled: 1, missed: 0 });
  });

  it('fill at the open as a taker when the order is marketable on arrival', () => {
    const t = onlyTrade(simulate([q(), [98, 98.5, 97.5, 98], q(98)], buyAt99));
    expect(t).toMatchObject({ entryHour: 1, entryPrice: 98, maker: false });
  });

  it('fill a resting order at its limit even when a later hour opens past it', () => {
    const t = onlyTrade(simulate([q(), q(), [97, 97.5, 96.5, 97], q(97)], buyAt99));
    expect(t).toMatchObject({ entryHour: 2, entryPrice: 99, maker: true });
  });

  it('mirror for a sell limit: the high must trade above it', () => {
    const sellAt101 = { side: -1, entry: { kind: 'limit', price: 101, validHours: 2 } } as const;
    const touch = [q(), [100, 101, 99.5, 100.5], q()] as CandleRow[];
    expect(simulate(touch, sellAt101).unfilled).toBe(1);
    const t = onlyTrade(simulate([q(), [100, 101.2, 99.5, 101], q(100)], sellAt101));
    expect(t).toMatchObject({
      side: -1,
      entryHour: 1,
      entryPrice: 101,
      maker: true,
      exitHour: 2,
      exitPrice: 100,
    });
    expect(t.grossReturn).toBeCloseTo(-(100 / 101 - 1), 15);
  });
});

describe('exits', () => {
  const levels = { holdHours: 5, takeProfit: 105, stopLoss: 95 };

  it('take profit at the level once an hour trades strictly through it, never on a touch', () => {
    const rows = [q(), q(), [100, 105, 99, 104] as const, [104, 106, 103, 105.5] as const, q(), q()];
    expect(onlyTrade(simulate(rows, levels))).toMatchObject({
      exit: 'take_profit',
      exitHour: 3,
      exitPrice: 105,
    });
  });

  it('take profit at the level, not the better open, after a gap', () => {
    const rows = [q(), q(), [107, 108, 106, 107], q(), q(), q()] as CandleRow[];
    expect(onlyTrade(simulate(rows, levels))).toMatchObject({
      exit: 'take_profit',
      exitHour: 2,
      exitPrice: 105,
    });
  });

  it('count the whole entry candle of a market entry, which follows its open', () => {
    const rows = [q(), [100, 105.5, 99.5, 101], q(), q(), q(), q()] as CandleRow[];
    expect(onlyTrade(simulate(rows, levels))).toMatchObject({
      entryHour: 1,
      exit: 'take_profit',
      exitHour: 1,
    });
  });

  it('stop on a touch at the stop level, or at the open when the hour gapped past it', () => {
    const touch = [q(), q(), [100, 100.5, 95, 96], q(), q(), q()] as CandleRow[];
    expect(onlyTrade(simulate(touch, levels))).toMatchObject({
      exit: 'stop_loss',
      exitHour: 2,
      exitPrice: 95,
    });
    const gap = [q(), q(), [93, 94, 92, 93.5], q(), q(), q()] as CandleRow[];
    expect(onlyTrade(simulate(gap, levels))).toMatchObject({ exit: 'stop_loss', exitHour: 2, exitPrice: 93 });
  });

  it('assume the stop came first when one hour reaches both levels', () => {
    const rows = [q(), q(), [100, 106, 94, 100], q(), q(), q()] as CandleRow[];
    expect(onlyTrade(simulate(rows, levels))).toMatchObject({ exit: 'stop_loss', exitPrice: 95 });
  });

  it('let the fill hour of a resting limit stop the trade but not take its profit', () => {
    const limit = { ...levels, entry: { kind: 'limit', price: 99, validHours: 2 } } as const;
    const profitFirst = [q(), [100, 106, 98.5, 100], q(100), q(100), q(100), q(100), q(100)] as CandleRow[];
    expect(onlyTrade(simulate(profitFirst, limit))).toMatchObject({
      entryHour: 1,
      exit: 'horizon',
      exitHour: 5,
    });
    const crash = [q(), [100, 100.5, 94, 94.5], q(94), q(), q(), q(), q()] as CandleRow[];
    expect(onlyTrade(simulate(crash, limit))).toMatchObject({
      exit: 'stop_loss',
      exitHour: 1,
      exitPrice: 95,
    });
  });

  it('at the horizon exit at the close of entryHour + holdHours − 1, or the last close before a gap', () => {
    const rows = [q(), q(100), q(101), q(102), q(103), q(104)];
    expect(onlyTrade(simulate(rows, { holdHours: 3 }))).toMatchObject({
      exit: 'horizon',
      exitHour: 3,
      exitPrice: 102,
    });
    const gapped = [q(), q(100), q(101), null, q(103), q(104)];
    expect(onlyTrade(simulate(gapped, { holdHours: 3 }))).toMatchObject({
      exit: 'horizon',
      exitHour: 2,
      exitPrice: 101,
    });
  });

  it('mark data_end when the data stops before the horizon, grid end or delisting alike', () => {
    const rows = [q(), q(100), q(101), q(102)];
    expect(onlyTrade(simulate(rows, { holdHours: 5 }))).toMatchObject({
      exit: 'data_end',
      exitHour: 3,
      exitPrice: 102,
    });
    const universe = buildTestUniverse({
      'OLD/USDT': [q(), q(100), q(101), null, null, null],
      'BTC/USDT': [...rows, q(), q()],
    });
    const signal: Signal = { pair: 0, at: 0, side: 1, entry: { kind: 'market' }, holdHours: 4 };
    const [t] = simulateTrades({ universe, signals: [signal], ...NO_COSTS }).trades;
    expect(t).toMatchObject({ exit: 'data_end', exitHour: 2, exitPrice: 101 });
  });
});

describe('short trades', () => {
  const short = { side: -1, holdHours: 4, takeProfit: 95, stopLoss: 105 } as const;

  it('gain when the price falls, and take profit strictly below the level', () => {
    const rows = [q(), q(), [100, 100.5, 95, 96], [96, 96.5, 94.9, 95.5], q(), q()] as CandleRow[];
    const t = onlyTrade(simulate(rows, short));
    expect(t).toMatchObject({ side: -1, exit: 'take_profit', exitHour: 3, exitPrice: 95 });
    expect(t.grossReturn).toBeCloseTo(0.05, 15);
  });

  it('stop on a touch of the high, or at a gapped-up open', () => {
    const touch = [q(), q(), [100, 105, 99.5, 104], q(), q(), q()] as CandleRow[];
    expect(onlyTrade(simulate(touch, short))).toMatchObject({ exit: 'stop_loss', exitPrice: 105 });
    const gap = [q(), q(), [108, 109, 107, 108], q(), q(), q()] as CandleRow[];
    const t = onlyTrade(simulate(gap, short));
    expect(t).toMatchObject({ exit: 'stop_loss', exitPrice: 108 });
    expect(t.grossReturn).toBeCloseTo(-0.08, 15);
  });
});

describe('costs', () => {
  const rising = [q(), q(100), q(110)];

  it('charge a taker round trip both fees and half-spreads, the exit leg on the exit notional', () => {
    const t = onlyTrade(
      simulate(rising, {}, { fees: KRAKEN_CURRENT, slippage: createConstantSlippage(0.0005) }),
    );
    expect(t.costs).toBeCloseTo(0.0045 + 0.0045 * 1.1, 15);
    expect(t.netReturn).toBeCloseTo(0.1 - t.costs, 15);
    const legacy = onlyTrade(
      simulate(rising, {}, { fees: KRAKEN_LEGACY, slippage: createConstantSlippage(0.0005) }),
    );
    expect(legacy.costs).toBeCloseTo(0.0031 + 0.0031 * 1.1, 15);
  });

  it('charge a maker entry the maker fee and no spread', () => {
    const rows = [q(), [100, 100.5, 98, 99], q(99), q(110)] as CandleRow[];
    const limit = { entry: { kind: 'limit', price: 99, validHours: 1 }, holdHours: 3 } as const;
    const t = onlyTrade(
      simulate(rows, limit, { fees: KRAKEN_LEGACY, slippage: createConstantSlippage(0.001) }),
    );
    expect(t).toMatchObject({ maker: true, entryPrice: 99, exitPrice: 110 });
    expect(t.costs).toBeCloseTo(0.0016 + 0.0036 * (110 / 99), 15);
  });

  it('are always in: without a model the estimated spread applies, the cap when history is short', () => {
    const universe = buildTestUniverse({ 'BTC/USDT': [q(), q(100), q(100)] });
    const signal: Signal = { pair: 0, at: 0, side: 1, entry: { kind: 'market' }, holdHours: 2 };
    const [t] = simulateTrades({ universe, signals: [signal], fees: KRAKEN_CURRENT }).trades;
    expect(t!.costs).toBeCloseTo(2 * (0.004 + 0.01), 15);
    expect(t!.netReturn).toBeCloseTo(-0.028, 15);
  });
});

describe('signal checks', () => {
  it('reject signals a family should never make', () => {
    const rows = [q(), q(), q()];
    const limit = (price: number) => ({ entry: { kind: 'limit', price, validHours: 1 } }) as const;
    expect(() => simulate(rows, { pair: 1 })).toThrow(/no such pair/);
    expect(() => simulate(rows, { at: 3 })).toThrow(/outside/);
    expect(() => simulate(rows, { at: 0.5 })).toThrow(/outside/);
    expect(() => simulate(rows, { holdHours: 0 })).toThrow(/holdHours/);
    expect(() => simulate(rows, { stopLoss: -1 })).toThrow(/positive/);
    expect(() => simulate(rows, { stopLoss: 105, takeProfit: 95 })).toThrow(/beyond the stop/);
    expect(() => simulate(rows, { ...limit(99), stopLoss: 99 })).toThrow(/losing side/);
    expect(() => simulate(rows, { ...limit(99), takeProfit: 98 })).toThrow(/winning side/);
    expect(() => simulate(rows, { entry: { kind: 'limit', price: 99, validHours: 0 } })).toThrow(
      /validHours/,
    );
  });
});

describe('no lookahead (seeded random market with gaps and late listings)', () => {
  const universe = buildRandomUniverse({
    seed: 11,
    hours: 1200,
    symbols: ['A/USDT', 'B/USDT'],
    listingGap: 300,
    gapRate: 0.03,
  });
  const signals = buildRandomSignals(universe, 200);
  const fees = KRAKEN_CURRENT;
  const one = (u: Universe, s: Signal, slippage?: SlippageModel) =>
    simulateTrades({ universe: u, signals: [s], fees, slippage });

  it('enters every trade after its decision hour and exits it inside the data, with every path exercised', () => {
    const { trades, unfilled } = simulateTrades({ universe, signals, fees });
    for (const t of trades) {
      expect(t.entryHour).toBeGreaterThan(t.at);
      expect(t.exitHour).toBeGreaterThanOrEqual(t.entryHour);
      expect(t.exitHour).toBeLessThan(universe.hours);
      expect(t.costs).toBeGreaterThan(0);
    }
    const reasons = new Set(trades.map((t) => t.exit));
    expect([...reasons].sort()).toEqual(['data_end', 'horizon', 'stop_loss', 'take_profit']);
    expect(trades.some((t) => t.maker) && trades.some((t) => !t.maker) && unfilled > 0).toBe(true);
  });

  it('asks the slippage model only about the decision hour', () => {
    const asked: [number, number][] = [];
    const slippage: SlippageModel = (pair, hour) => {
      asked.push([pair, hour]);
      return 0.0004;
    };
    const { trades } = simulateTrades({ universe, signals, fees, slippage });
    expect(asked).toEqual(trades.map((t) => [t.pair, t.at]));
  });

  it('gives the same trade when every price up to the decision hour is rewritten', () => {
    const slippage = createConstantSlippage(0.0004);
    for (const s of signals) {
      const rewritten = { ...universe, pairs: universe.pairs.map((p) => ({ ...p })) };
      const pair = universe.pairs[s.pair]!;
      const scale = (a: Float64Array) => a.map((v, h) => (h <= s.at ? v * 1.7 : v));
      rewritten.pairs[s.pair] = {
        ...pair,
        open: scale(pair.open),
        high: scale(pair.high),
        low: scale(pair.low),
        close: scale(pair.close),
      };
      expect(one(rewritten, s, slippage)).toEqual(one(universe, s, slippage));
    }
  });

  it('never changes a trade completed before the data is cut off, costs included', () => {
    const cut = 700;
    const sliced = universeSlice(universe, cut);
    let compared = 0;
    for (const s of signals.filter((x) => x.at < cut)) {
      const [before] = one(sliced, s).trades;
      const [after] = one(universe, s).trades;
      if (before && before.exit !== 'data_end') {
        expect(after).toEqual(before);
        compared++;
      }
      if (!before && after) expect(after.entryHour).toBeGreaterThanOrEqual(cut);
    }
    expect(compared).toBeGreaterThan(50);
  });
});

/** Seeded signals of every kind, with exit levels a few percent from the last close. */
function buildRandomSignals(universe: Universe, count: number): Signal[] {
  const rand = seededRandom(42);
  const signals: Signal[] = [];
  while (signals.length < count) {
    const pair = Math.floor(rand() * universe.pairs.length);
    const at = Math.floor(rand() * universe.hours);
    const close = universe.pairs[pair]!.close[at]!;
    if (!Number.isFinite(close)) continue;
    const side = rand() < 0.5 ? 1 : -1;
    const limit = rand() < 0.4;
    const ref = limit ? close * (1 - side * 0.004) : close;
    signals.push({
      pair,
      at,
      side,
      entry: limit
        ? { kind: 'limit', price: ref, validHours: 1 + Math.floor(rand() * 6) }
        : { kind: 'market' },
      holdHours: 1 + Math.floor(rand() * 72),
      ...(rand() < 0.7 ? { stopLoss: ref * (1 - side * 0.02) } : {}),
      ...(rand() < 0.7 ? { takeProfit: ref * (1 + side * 0.03) } : {}),
    });
  }
  return signals;
}
