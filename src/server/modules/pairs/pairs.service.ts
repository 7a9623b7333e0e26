import type { PairTicker, TickerInclude } from '../../../contract/pairs';
import { pairTickerSchema } from '../../../contract/pairs';
import { notFound } from '../../http/errors';
import type { AnalysisService, ReadFigures } from '../analysis/analysis.service';
import type { MarketService } from '../market/market.service';
import type { OffersService } from '../offers/offers.service';
import type { TriggersService } from '../triggers/triggers.service';
import { deriveSentiment } from './sentiment';

/** Pair details read from the modules that own the data (the pairs module owns no table). */
export interface PairsDeps {
  market: Pick<MarketService, 'pairBySymbol' | 'latestTicker' | 'lastDay' | 'listPairs'>;
  analysis: Pick<AnalysisService, 'latestCompleted'>;
  offers: Pick<OffersService, 'liveOffers'>;
  triggers: Pick<TriggersService, 'activeTriggerTypes'>;
  now?: () => Date;
}

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
export function createPairsService(deps: PairsDeps) {
  const { market: markets } = deps;
  const now = deps.now ?? (() => new Date());

  async function market(pairId: number): Promise<Market | null> {
    const ticker = await markets.latestTicker(pairId);
    if (ticker)
      return {
        price: Number(ticker.price),
        volume: num(ticker.volume) ?? 0,
        percentage: num(ticker.percentage) ?? 0,
        timestamp: ticker.timestamp,
        bid: num(ticker.bid),
        ask: num(ticker.ask),
      };
    const day = await markets.lastDay(pairId);
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
    async knownSymbols(symbols: string[]): Promise<Set<string>> {
      if (symbols.length === 0) return new Set();
      const wanted = new Set(symbols);
      return new Set((await markets.listPairs()).map((p) => p.symbol).filter((s) => wanted.has(s)));
    },

    async ticker(symbol: string, include: readonly TickerInclude[] = []): Promise<PairTicker> {
      const pair = await markets.pairBySymbol(symbol);
      if (!pair) throw notFound('Unknown pair');
      const at = now();
      const [quote, analyses, live, triggers] = await Promise.all([
        market(pair.id),
        deps.analysis.latestCompleted([pair.id]),
        deps.offers.liveOffers([pair.id], at),
        deps.triggers.activeTriggerTypes(pair.symbol),
      ]);
      if (!quote) throw notFound(`No market data for ${pair.symbol} yet`);
      const analysis = analyses[0] ?? null;
      const figures = analysis?.figures ?? null;
      const a = figures?.analysis ?? null;
      const wants = new Set(include);

      let historical: PairTicker['historical'] = null;
      if (wants.has('historical')) {
        const day = await markets.lastDay(pair.id);
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
        lastUpdated: a ? (analysis?.completedAt.toISOString() ?? null) : null,
        offerId: offer?.id ?? null,
      });
    },
  };
}

export type PairsService = ReturnType<typeof createPairsService>;
