import type { PairTicker } from '../../../../contract/pairs';
import {
  NOT_AVAILABLE,
  capitalize,
  formatDecimal,
  formatLongDateTime,
  formatPercent,
  formatPositionType,
} from '../../../lib/format';

export interface PairDetailRow {
  term: string;
  value: string;
  /** Given the modal's full width. */
  wide?: boolean;
  /** Sentences rather than a figure: the value goes under its term. */
  prose?: boolean;
}

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
// Sub-unit prices (e.g. 0.00001234 for a small coin) would all read 0.00 with two decimals.
const significant = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 6 });

/** An amount in a currency of the pair, e.g. '64,250.50 USD' or '0.0000123 BTC'. */
export function formatAmountIn(value: number | null | undefined, currency: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_AVAILABLE;
  const number = value === 0 || Math.abs(value) >= 1 ? twoDecimals.format(value) : significant.format(value);
  return `${number} ${currency}`;
}

const orNotAvailable = (text: string | null | undefined) => (text?.trim() ? text : NOT_AVAILABLE);

/**
 * Trader spec 2.7's pair-details fields, in its order, as display text ('N/A' when missing). Prices
 * are in the pair's quote currency and the 24 h volume in its base currency, as the ticker gives them.
 */
export function pairDetailRows(ticker: PairTicker): PairDetailRow[] {
  const [base = '', quote = ''] = ticker.pair.split('/');
  return [
    { term: 'Pair', value: ticker.pair },
    { term: 'Price', value: formatAmountIn(ticker.price, quote) },
    { term: 'Volume (24h)', value: formatAmountIn(ticker.volume, base) },
    { term: 'Percentage Change (24h)', value: formatPercent(ticker.percentage) },
    { term: 'Density', value: formatDecimal(ticker.density) },
    { term: 'Timestamp', value: formatLongDateTime(ticker.timestamp) },
    { term: 'Context', value: orNotAvailable(ticker.context), wide: true, prose: true },
    { term: '24h High', value: formatAmountIn(ticker.historical?.high24h, quote) },
    { term: '24h Low', value: formatAmountIn(ticker.historical?.low24h, quote) },
    { term: 'Bid/Ask Spread', value: formatAmountIn(ticker.orderBook?.spread, quote) },
    { term: 'Heat Score', value: formatDecimal(ticker.heatScore) },
    { term: 'Success Rate', value: formatPercent(ticker.successRate) },
    { term: 'Position Type', value: formatPositionType(ticker.positionType) },
    { term: 'Progrev Score', value: formatDecimal(ticker.progrevScore) },
    { term: 'Trend', value: capitalize(ticker.refereeTrend) },
    { term: 'Risk Level', value: capitalize(ticker.refereeRisk) },
    {
      term: 'Active Triggers',
      value: ticker.activeTriggers.length ? ticker.activeTriggers.join(', ') : NOT_AVAILABLE,
    },
    { term: 'AI Comments', value: orNotAvailable(ticker.aiComments.summary), wide: true, prose: true },
    { term: 'Last Updated', value: formatLongDateTime(ticker.lastUpdated), wide: true },
  ];
}
