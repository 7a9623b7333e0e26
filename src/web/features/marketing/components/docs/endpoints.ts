/** Endpoint reference shown on /docs; kept in step with the contracts in src/contract. */
export interface EndpointDoc {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  params?: readonly string[];
  returns: string;
}

export const ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'GET',
    path: '/offers',
    summary: 'Lists the live trading offers (signals) you have not accepted or rejected yet.',
    params: [
      'offset (default 0), limit (1 to 100, default 20)',
      'search: text matched against the pair, e.g. BTC',
      'positionType, riskLevel, status: comma lists, e.g. riskLevel=low,medium (status open and hot by default)',
      'minSuccessRate, maxSuccessRate, minHeatScore, maxHeatScore: 0 to 100',
      'sortBy: heatScore, successRate or createdAt (default); sortDir: desc (default) or asc',
      'include=volume,leverage to fill in those fields',
    ],
    returns:
      '{ data, total }. Each offer has id, pair, positionType, expectedProfitPercent, riskLevel, successRate, heatScore, progrevScore, status, createdAt, expiration, aiComments.summary, and how it was computed (provenance, successDefinition).',
  },
  {
    method: 'POST',
    path: '/offers/:id/accept',
    summary: 'Accepts an offer and opens a trade for it (on paper unless live trading has been enabled).',
    params: [
      'body entryAmount: dollars to commit, above 0, whole cents',
      'body autoCloseProfitPercent (optional): close the trade once its profit reaches this percent, above 0',
    ],
    returns: '{ trade, balance }: the opened trade and your new available balance in dollars.',
  },
  {
    method: 'GET',
    path: '/trades/trades',
    summary: 'Your trade history, newest first.',
    params: ['offset (default 0), limit (default 10)'],
    returns:
      '{ trades, total }. Each trade has id, pair, positionType, amount (dollars), profit (percent, net of fees), status (open, closed or failed), entryPrice, exitPrice, openedAt and closedAt.',
  },
  {
    method: 'GET',
    path: '/offers/heat-map',
    summary:
      'The heat map: heat, success and progrev scores, trend, risk and 7-day market figures per pair. The token is optional here.',
    params: [
      'timeRange: 7d (default), 30d, 90d or all',
      'minHeat, maxHeat, minSuccess, maxSuccess (0 to 100), minProgrev, maxProgrev (0 to 1)',
      'search, positionType, trend (bullish, bearish, neutral), riskLevel (low, medium, high)',
      'sortBy: heat_desc (default), progrev_desc or updated_desc; filter=active_triggers; limit',
      'histories: chart (default) or none. tickerData.price_history and volume_history hold the last 12 hours at chart resolution (one point per 20 minutes: the close price and the summed volume); histories=none sends both as empty lists, for callers that draw no chart (about a tenth of the bytes)',
    ],
    returns:
      'An object keyed by pair, e.g. { "BTC/USD": { heatScore, successRate, progrevScore, positionType, refereeTrend, refereeRisk, status, tickerData, activeTriggers, aiComments, lastUpdated } }; {} when nothing matches.',
  },
  {
    method: 'GET',
    path: '/pairs/subscribe',
    summary:
      'A server-sent event stream (text/event-stream) of ticker and heat-map updates for the pairs in ?pairs=. Send your bearer token as on any other call; the connection stays open and pushes each update as it happens.',
    params: ['pairs: comma list of 1 to 20 pairs, e.g. pairs=BTC/USD,ETH/USD'],
    returns:
      'Events named ticker (data: { type, pair, ticker: { price, volume, percentage, timestamp } }) and heatmap (data: { type, pair, entry } with only the changed fields of that pair’s heat-map entry).',
  },
];
