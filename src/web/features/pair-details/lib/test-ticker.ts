import type { PairTicker } from '../../../../contract/pairs';

/** A fully analysed pair's ticker for tests; override what a case is about. */
export function testTicker(overrides: Partial<PairTicker> = {}): PairTicker {
  return {
    pair: 'BTC/USD',
    price: 64250.5,
    volume: 1834.125,
    percentage: -1.234,
    density: 0.55,
    timestamp: '2026-11-21T15:04:05.000Z',
    context: 'BTC/USD trades at 64,250, down 1.23 % in 24 h; heat 81 from a volume surge.',
    historical: { high24h: 65980, low24h: 63010.25 },
    orderBook: { bid: 64249, ask: 64252, spread: 3 },
    sentiment: { score: 0.2, label: 'bullish', sources: 3 },
    heatScore: 81.456,
    successRate: 62.5,
    positionType: 'scalp_long',
    progrevScore: 0.6123,
    refereeTrend: 'bullish',
    refereeRisk: 'medium',
    activeTriggers: ['volume_spike', 'breakout'],
    aiComments: { summary: 'Volume 3.4x its 7-day median; RSI 71.' },
    lastUpdated: '2026-11-21T15:00:00.000Z',
    offerId: '6d0a2f7e-1c1b-4a53-9a43-3f0cf1a0b001',
    ...overrides,
  };
}
