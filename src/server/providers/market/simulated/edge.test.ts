/**
 * The simulated market must give the signal engine something real to find: trend regimes whose
 * drift survives the 0.52 % round-trip fee for trend-following trades. Walk-forward with the real
 * engine (no lookahead): every 5 hours over 60 days, each pair's last 90 days of hourly candles are
 * analysed and the signal's trade is taken at that hour's close (walk-forward.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS } from '../../../shared/time';
import { TREND_FOLLOWING, summarise, walkForward, type WalkForwardTrade } from './walk-forward';

const END = Date.UTC(2026, 10, 20, 12);
const DAYS = 60;

describe('the simulated market, traded walk-forward with the signal engine', () => {
  let trades: WalkForwardTrade[] = [];
  let trendFollowing: WalkForwardTrade[] = [];

  beforeAll(() => {
    trades = walkForward({
      seed: 42,
      bases: ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'LINK'],
      from: END - DAYS * 24 * HOUR_MS,
      evaluationDays: DAYS,
      stepHours: 5,
    });
    trendFollowing = trades.filter((t) => TREND_FOLLOWING.includes(t.positionType));
  }, 60_000);

  it('analyses every pair every 5 hours and trades mostly with the trend', () => {
    expect(trades).toHaveLength(6 * ((DAYS * 24) / 5));
    expect(trendFollowing.length).toBeGreaterThan(trades.length * 0.4);
  });

  it('earns on trend-following signals taken while the market trends, net of fees', () => {
    const inTrend = summarise(
      'in a trend regime',
      trendFollowing.filter((t) => t.regime !== 0),
    );
    expect(inTrend.count).toBeGreaterThan(300);
    expect(inTrend.meanNetPercent).toBeGreaterThan(0.15);
    expect(inTrend.winShare).toBeGreaterThan(0.5);
  });

  it('earns on trend-following signals when the engine sees a clear trend (EMA gap ≥ 1 ATR)', () => {
    const clear = summarise(
      'clear engine trend',
      trendFollowing.filter((t) => Math.abs(t.trendGapAtr) >= 1),
    );
    expect(clear.count).toBeGreaterThan(300);
    expect(clear.meanNetPercent).toBeGreaterThan(0);
  });

  it('does not hand out free money: range trades and signals against the regime still lose', () => {
    const inRange = summarise(
      'in a range',
      trendFollowing.filter((t) => t.regime === 0),
    );
    expect(inRange.meanNetPercent).toBeLessThan(0);
    expect(summarise('all', trades).meanNetPercent).toBeLessThan(0.3);
  });
});
