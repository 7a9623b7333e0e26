import type { PairTicker, TickerInclude } from '../../../contract/pairs';
import { pairTickerSchema } from '../../../contract/pairs';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { parseStoredFigures, type ReadFigures } from '../offers/stored-figures';
import { createPairsRepo } from './pairs.repo';
import { deriveSentiment } from './sentiment';

interface Market {
  price: number;
  volume: number;
  percentage: number;
  timestamp: Date;
  bid: number | null;
  ask: number | null;
}

const num = (text: string | null | undefined) => (text == null ? null : Number(text));

function describe(pair: string, market: Market, figures: ReadFigures | null, triggers: string[]): string {
  const move = market.percentage >= 0 ? 'up' : 'down';
  const parts = [
    `${pair} trades at ${market.price.toLocaleString('en-US', { maximumFractionDigits: 8 })}, ${move} ${Math.abs(market.percentage).toFixed(2)} % in 24 h`,
  ];
  if (figures) {
    const a = figures.analysis;
    parts.push(
      `${a.trend} trend, ${a.risk} risk, heat ${a.heatScore.toFixed(0)}/100, RSI ${a.indicators.rsi14.toFixed(0)}`,
    );
  } else {
    parts.push('not analysed yet');
  }
  if (triggers.length) parts.push(`active triggers: ${triggers.join(', ')}`);
  return `${parts.join('; ')}.`;
}

/**
 * Pair details (GET /api/pairs/ticker/:pair): the latest ticker log (or, before the first one,
 * the last 24 h of hourly candles), the latest completed analysis, the live offer and the active
 * triggers, read fresh from the database.
 */
export function createPairsService(deps: { db: Database; now?: () => Date }) {
  const repo = createPairsRepo(deps.db);
  const now = deps.now ?? (() => new Date());

  async function market(pairId: number): Promise<Market | null> {
    const ticker = await repo.latestTicker(pairId);
    if (ticker)
      return {
        price: Number(ticker.price),
        volume: num(ticker.volume) ?? 0,
        percentage: num(ticker.percentage) ?? 0,
        timestamp: ticker.timestamp,
        bid: num(ticker.bid),
        ask: num(ticker.ask),
      };
    const day = await repo.lastDay(pairId);
    if (!day) return null;
    return {
      price: day.close,
      volume: day.volume,
      percentage: day.open > 0 ? ((day.close - day.open) / day.open) * 100 : 0,
      timestamp: day.closedAt,
      bid: null,
      ask: null,
    };
  }

  return {
    knownSymbols: (symbols: string[]) => repo.knownSymbols(symbols),

    async ticker(symbol: string, include: readonly TickerInclude[] = []): Promise<PairTicker> {
      const pair = await repo.findPair(symbol);
      if (!pair) throw notFound('Unknown pair');
      const at = now();
      const [quote, analysis, live, triggers] = await Promise.all([
        market(pair.id),
        repo.latestAnalysis(pair.id),
        repo.liveOffers(pair.id, at),
        repo.activeTriggerTypes(pair.symbol, at),
      ]);
      if (!quote) throw notFound(`No market data for ${pair.symbol} yet`);
      const figures = analysis ? parseStoredFigures(analysis.figures) : null;
      const a = figures?.analysis ?? null;
      const wants = new Set(include);

      let historical: PairTicker['historical'] = null;
      if (wants.has('historical')) {
        const day = await repo.lastDay(pair.id);
        historical = day
          ? { high24h: day.high, low24h: day.low }
          : a
            ? { high24h: a.indicators.high24h, low24h: a.indicators.low24h }
            : null;
      }
      const orderBook =
        wants.has('orderBook') && quote.bid !== null && quote.ask !== null
          ? { bid: quote.bid, ask: quote.ask, spread: quote.ask - quote.bid }
          : null;
      const sentiment =
        wants.has('sentiment') && a
          ? deriveSentiment({
              trend: a.trend,
              rsi14: a.indicators.rsi14,
              heatScore: a.heatScore,
              activeTriggerCount: triggers.length,
            })
          : null;
      // The offer of the analysed setup when it is live, else the pair's hottest live offer.
      const offer = live.find((o) => o.positionType === a?.signal.positionType) ?? live[0] ?? null;

      return pairTickerSchema.parse({
        pair: pair.symbol,
        price: quote.price,
        volume: quote.volume,
        percentage: quote.percentage,
        density: analysis?.density ?? a?.density ?? null,
        timestamp: quote.timestamp.toISOString(),
        context: describe(pair.symbol, quote, figures, triggers),
        historical,
        orderBook,
        sentiment,
        heatScore: a?.heatScore ?? null,
        successRate: a?.successRate ?? null,
        positionType: a?.signal.positionType ?? null,
        progrevScore: a?.progrevScore ?? null,
        refereeTrend: a?.trend ?? null,
        refereeRisk: a?.risk ?? null,
        activeTriggers: triggers,
        aiComments: { summary: figures?.aiSummary?.trim() || 'None' },
        lastUpdated: a ? (analysis?.completedAt?.toISOString() ?? null) : null,
        offerId: offer?.id ?? null,
      });
    },
  };
}

export type PairsService = ReturnType<typeof createPairsService>;
