import type {
  BacktestComparison,
  TrackRecordFigures,
  TrackRecordOffer,
  TrackRecordQuery,
  TrackRecordResponse,
} from '../../contract/track-record';

/*
 * A track record four weeks after the server started publishing: 33 offers over three pairs (18
 * of ts-trend, 10 of mean-revert, 2 of breakout and 3 operator bypass offers), 62 chain entries.
 * The figures, the equity curve, the family rows and the head are all computed from the offers
 * themselves, for whatever filters a test asks, so every total on the page adds up. Shared by the
 * component tests and the browser test (e2e/track-record.e2e.ts).
 */

const HOUR = 3_600_000;
const START = Date.parse('2026-10-01T00:00:00.000Z');
/** The fixture's clock: every period filter counts back from here. */
export const FIXTURE_NOW = START + 624 * HOUR;

type Kind = 'T' | 'M' | 'B' | 'X';
type Result = number | 'pending' | 'unscoreable';
const FAMILY = { T: 'ts-trend', M: 'mean-revert', B: 'breakout', X: null } as const;
const PRICES: Record<string, number> = { 'BTC/USD': 67250.5, 'ETH/USD': 3480.25, 'SOL/USD': 172.4 };
const FEE = 0.52;

/** Oldest first: [kind, pair, net return or state]. Bypass: 2.1 succeeded, -1.4 failed, -0.3 neither. */
// prettier-ignore -- four offers a line, to read the record as a table
const SPEC: readonly [Kind, string, Result][] = [
  ['T', 'BTC/USD', 1.2],
  ['M', 'ETH/USD', 0.6],
  ['T', 'SOL/USD', -0.8],
  ['T', 'BTC/USD', 0.9],
  ['X', 'ETH/USD', 2.1],
  ['M', 'BTC/USD', -1.4],
  ['T', 'ETH/USD', 1.5],
  ['T', 'SOL/USD', -1.1],
  ['M', 'SOL/USD', -0.7],
  ['T', 'BTC/USD', 0.7],
  ['T', 'ETH/USD', 'unscoreable'],
  ['M', 'BTC/USD', 1.3],
  ['T', 'SOL/USD', 2.0],
  ['X', 'BTC/USD', -1.4],
  ['T', 'ETH/USD', -0.6],
  ['M', 'ETH/USD', 0.5],
  ['T', 'BTC/USD', 1.1],
  ['M', 'SOL/USD', 'unscoreable'],
  ['T', 'SOL/USD', 0.4],
  ['M', 'BTC/USD', -1.2],
  ['T', 'ETH/USD', -1.3],
  ['X', 'SOL/USD', -0.3],
  ['T', 'BTC/USD', 0.8],
  ['M', 'ETH/USD', -0.9],
  ['T', 'SOL/USD', 1.6],
  ['M', 'BTC/USD', 1.1],
  ['T', 'ETH/USD', -0.9],
  ['T', 'BTC/USD', 'pending'],
  ['B', 'ETH/USD', 'pending'],
  ['M', 'SOL/USD', 'pending'],
  ['T', 'ETH/USD', 'pending'],
  ['B', 'BTC/USD', 'pending'],
  ['T', 'SOL/USD', 'pending'],
];

/** Offer 20 held its position on twice: its horizon was extended by a day each time. */
const EXTENDED = 20;

/** A 64-hex-digit stand-in for a SHA-256, distinct per position. */
export function fixtureHash(n: number): string {
  return Array.from({ length: 8 }, (_, i) =>
    ((n * 2654435761 + (i + 1) * 40503 * n + i) >>> 0).toString(16).padStart(8, '0'),
  ).join('');
}

const iso = (time: number) => new Date(time).toISOString();

function outcomeOf(kind: Kind, result: Result): TrackRecordOffer['outcome'] {
  if (typeof result !== 'number') return result;
  // A bypass offer that reached neither exit is 'neither' (the spec's -0.3 above).
  if (kind === 'X' && result === -0.3) return 'neither';
  return result > 0 ? 'succeeded' : 'failed';
}

interface Event {
  at: number;
  offer: number;
}

/** Every offer with its chain position, and the chain's entries in order. */
function buildChain(): { offers: TrackRecordOffer[]; entries: Event[] } {
  const drafts = SPEC.map(([kind, pair, result], i) => {
    // A day apart, then the last six (still pending) in the last day.
    const publishedAt = START + (i <= 26 ? i * 23 : 598 + (i - 26) * 4) * HOUR;
    const baseHorizon = kind === 'X' ? 240 : 1440;
    const extensions = i === EXTENDED ? 2 : 0;
    const horizonMinutes = baseHorizon * (1 + extensions);
    const settled = result !== 'pending';
    const settledAt = settled ? publishedAt + horizonMinutes * 60_000 + 5 * 60_000 : null;
    return { i, kind, pair, result, publishedAt, horizonMinutes, extensions, settledAt };
  });
  const events: (Event & { order: number })[] = [];
  for (const d of drafts) {
    events.push({ at: d.publishedAt, offer: d.i, order: 0 });
    for (let k = 1; k <= d.extensions; k += 1)
      events.push({ at: d.publishedAt + k * 1440 * 60_000, offer: d.i, order: k });
    if (d.settledAt !== null) events.push({ at: d.settledAt, offer: d.i, order: 9 });
  }
  events.sort((a, b) => a.at - b.at || a.offer - b.offer || a.order - b.order);
  const commitmentSeq = new Map<number, number>();
  events.forEach((e, index) => {
    if (e.order === 0) commitmentSeq.set(e.offer, index + 1);
  });
  const offers = drafts.map((d): TrackRecordOffer => {
    const seq = commitmentSeq.get(d.i)!;
    const side = d.i % 3 === 2 ? 'sell' : 'buy';
    const entry = PRICES[d.pair]!;
    const net = typeof d.result === 'number' ? d.result : null;
    const gross = net === null ? null : net + FEE;
    const exit = gross === null ? null : entry * (1 + ((side === 'buy' ? 1 : -1) * gross) / 100);
    return {
      seq,
      hash: fixtureHash(seq),
      offerId: `00000000-0000-4000-8000-${String(d.i + 1).padStart(12, '0')}`,
      pair: d.pair,
      side,
      positionType: side === 'buy' ? 'long' : 'short',
      family: FAMILY[d.kind],
      bypass: d.kind === 'X',
      publishedAt: iso(d.publishedAt),
      entryPrice: entry.toFixed(2),
      takeProfitPercent: d.kind === 'X' ? 3 : null,
      stopLossPercent: d.kind === 'X' ? 2 : null,
      horizonMinutes: d.horizonMinutes,
      extensions: d.extensions,
      predictedSuccessRate: d.kind === 'M' ? 54.5 : 57.25,
      expectedProfitPercent: d.kind === 'M' ? 0.35 : 0.62,
      feePercent: FEE,
      outcome: outcomeOf(d.kind, d.result),
      exitPrice: exit === null ? null : exit.toFixed(2),
      netReturnPercent: net,
      settledAt: d.settledAt === null ? null : iso(d.settledAt),
    };
  });
  return { offers, entries: events };
}

const settledOf = (offers: readonly TrackRecordOffer[]) =>
  offers
    .filter((o) => !o.bypass && o.netReturnPercent !== null)
    .sort((a, b) => Date.parse(a.settledAt!) - Date.parse(b.settledAt!));

/** The figures the server computes, from the offers themselves (bypass left out). */
export function figuresOf(offers: readonly TrackRecordOffer[]): TrackRecordFigures {
  const counted = offers.filter((o) => !o.bypass);
  const returns = settledOf(offers).map((o) => o.netReturnPercent!);
  const n = returns.length;
  const total = returns.reduce((sum, r) => sum + r, 0);
  const mean = n > 0 ? total / n : null;
  const sd =
    mean !== null && n >= 2
      ? Math.sqrt(returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (n - 1))
      : null;
  let running = 0;
  let peak = 0;
  let drawdown = 0;
  for (const r of returns) {
    running += r;
    peak = Math.max(peak, running);
    drawdown = Math.max(drawdown, peak - running);
  }
  const succeeded = counted.filter((o) => o.outcome === 'succeeded').length;
  return {
    offers: counted.length,
    settled: n,
    pending: counted.filter((o) => o.outcome === 'pending').length,
    unscoreable: counted.filter((o) => o.outcome === 'unscoreable').length,
    succeeded,
    hitRate: n > 0 ? (100 * succeeded) / n : null,
    meanNetReturnPercent: mean,
    tStat: mean !== null && sd ? mean / (sd / Math.sqrt(n)) : null,
    predictedSuccessRate:
      n > 0 ? settledOf(offers).reduce((sum, o) => sum + o.predictedSuccessRate, 0) / n : null,
    totalNetReturnPercent: total,
    maxDrawdownPercent: drawdown,
  };
}

/** ts-trend inside its backtest's interval, mean-revert outside it, breakout not backtested yet. */
const BACKTESTS: Record<string, BacktestComparison | null> = {
  'ts-trend': {
    from: '2026-10-02T12:00:00.000Z',
    to: '2026-10-24T12:00:00.000Z',
    trades: 212,
    hitRate: 58.96,
    meanNetReturnPercent: 0.38,
    interval: { low: -0.12, high: 0.88 },
    outside: false,
  },
  'mean-revert': {
    from: '2026-10-02T12:00:00.000Z',
    to: '2026-10-25T12:00:00.000Z',
    trades: 96,
    hitRate: 61.46,
    meanNetReturnPercent: 0.92,
    interval: { low: 0.31, high: 1.53 },
    outside: true,
  },
  breakout: null,
};

const PERIOD_HOURS = { '7d': 7 * 24, '30d': 30 * 24, '90d': 90 * 24, all: Infinity } as const;

/** GET /api/track-record's answer for `query`, as the server would give it over this chain. */
export function trackRecordFixture(query: Partial<TrackRecordQuery> = {}): TrackRecordResponse {
  const { offers, entries } = buildChain();
  const { family, pair, period = 'all', offset = 0, limit = 25 } = query;
  const since = FIXTURE_NOW - PERIOD_HOURS[period] * HOUR;
  const matching = offers
    .filter((o) => (family === undefined || o.family === family) && (pair === undefined || o.pair === pair))
    .filter((o) => Date.parse(o.publishedAt) >= since);
  const families = [...new Set(matching.flatMap((o) => (o.family ? [o.family] : [])))].sort();
  let total = 0;
  const equity = settledOf(matching).map((o) => {
    total += o.netReturnPercent!;
    return { at: o.settledAt!, totalNetReturnPercent: total };
  });
  const newestFirst = [...matching].reverse();
  const last = entries.at(-1)!;
  return {
    head: { count: entries.length, hash: fixtureHash(entries.length), recordedAt: iso(last.at) },
    startedAt: iso(entries[0]!.at),
    options: {
      families: [...new Set(offers.flatMap((o) => (o.family ? [o.family] : [])))].sort(),
      pairs: [...new Set(offers.map((o) => o.pair))].sort(),
    },
    figures: figuresOf(matching),
    bypassOffers: matching.filter((o) => o.bypass).length,
    equity,
    families: families.map((name) => ({
      family: name,
      live: figuresOf(matching.filter((o) => o.family === name)),
      backtest: BACKTESTS[name] ?? null,
    })),
    offers: { data: newestFirst.slice(offset, offset + limit), total: matching.length },
  };
}

/** The answer before the server has published anything. */
export function emptyTrackRecord(): TrackRecordResponse {
  return {
    head: { count: 0, hash: '', recordedAt: null },
    startedAt: null,
    options: { families: [], pairs: [] },
    figures: figuresOf([]),
    bypassOffers: 0,
    equity: [],
    families: [],
    offers: { data: [], total: 0 },
  };
}
