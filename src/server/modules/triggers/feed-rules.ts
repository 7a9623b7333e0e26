/**
 * Which feed items matter to a news / political_news / sentiment trigger. Pure.
 *
 * Keywords match case-insensitively on word boundaries ("ETF" matches "Spot ETF approved" but not
 * "ETFs"; "sec" does not match "second"); a keyword may contain spaces or punctuation ("S&P 500").
 * A trigger with no keywords uses defaults: the pair's base asset code and its common names
 * (BTC/USD → "BTC", "XBT", "bitcoin"); political_news additionally watches a small list of
 * policy words.
 */

/** Common names of base assets, for triggers configured without keywords. */
const ASSET_NAMES: Record<string, string[]> = {
  BTC: ['XBT', 'bitcoin'],
  XBT: ['BTC', 'bitcoin'],
  ETH: ['ethereum', 'ether'],
  SOL: ['solana'],
  XRP: ['ripple'],
  ADA: ['cardano'],
  DOGE: ['dogecoin', 'XDG'],
  DOT: ['polkadot'],
  LTC: ['litecoin'],
  LINK: ['chainlink'],
  AVAX: ['avalanche'],
  MATIC: ['polygon'],
  USDT: ['tether'],
  USDC: ['circle'],
};

const POLICY_WORDS = [
  'regulation',
  'regulator',
  'regulators',
  'SEC',
  'CFTC',
  'sanctions',
  'ban',
  'tariff',
  'tariffs',
  'election',
  'legislation',
  'central bank',
  'Federal Reserve',
  'interest rate',
];

export type FeedTriggerType = 'news' | 'political_news' | 'sentiment';

export function effectiveKeywords(
  type: FeedTriggerType,
  symbol: string,
  keywords: readonly string[],
): string[] {
  if (keywords.length > 0) return [...keywords];
  const base = symbol.split('/')[0] ?? symbol;
  const asset = [base, ...(ASSET_NAMES[base] ?? [])];
  return type === 'political_news' ? [...asset, ...POLICY_WORDS] : asset;
}

/** The first keyword found in the text, or null. */
export function matchKeyword(text: string, keywords: readonly string[]): string | null {
  for (const keyword of keywords) {
    const trimmed = keyword.trim();
    if (!trimmed) continue;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}])`, 'iu');
    if (pattern.test(text)) return trimmed;
  }
  return null;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Sentiment lexicon: word → weight (−3 … +3), market-news words only. Every listed form is matched
 * as a whole word; there is no stemming, so each form a headline uses is listed.
 */
// prettier-ignore
export const SENTIMENT_LEXICON: Readonly<Record<string, number>> = {
  // positive
  surge: 2, surges: 2, surged: 2, surging: 2,
  soar: 2, soars: 2, soared: 2, soaring: 2,
  rally: 2, rallies: 2, rallied: 2,
  jump: 1, jumps: 1, jumped: 1,
  gain: 1, gains: 1, gained: 1,
  rise: 1, rises: 1, rose: 1, rising: 1,
  bullish: 2, boom: 2, booming: 2,
  approve: 2, approves: 2, approved: 2, approval: 2,
  adopt: 2, adopts: 2, adopted: 2, adoption: 2,
  record: 1, breakthrough: 2, partnership: 1, upgrade: 1, upgraded: 1,
  inflow: 1, inflows: 1, recovery: 1, recovers: 1, rebound: 1, rebounds: 1,
  // negative
  crash: -3, crashes: -3, crashed: -3,
  plunge: -2, plunges: -2, plunged: -2,
  plummet: -2, plummets: -2, plummeted: -2,
  tumble: -2, tumbles: -2, tumbled: -2,
  slump: -2, slumps: -2, slumped: -2,
  drop: -1, drops: -1, dropped: -1,
  fall: -1, falls: -1, fell: -1,
  bearish: -2, collapse: -3, collapses: -3, collapsed: -3,
  hack: -3, hacked: -3, exploit: -2, exploited: -2, stolen: -2,
  ban: -2, bans: -2, banned: -2,
  lawsuit: -2, sues: -2, sued: -2, fraud: -3, scam: -3,
  bankrupt: -3, bankruptcy: -3, insolvent: -3,
  liquidation: -2, liquidations: -2,
  outflow: -1, outflows: -1, selloff: -2, 'sell-off': -2,
  reject: -2, rejects: -2, rejected: -2, rejection: -2,
  delist: -2, delists: -2, delisted: -2, investigation: -1, probe: -1,
};

/** A negator flips the sign of a lexicon word within the next three words ("not approved"). */
const NEGATORS = new Set(['not', 'no', 'never', 'without', "isn't", "wasn't", "won't", "didn't", "doesn't"]);

export interface SentimentScore {
  score: number;
  /** The lexicon words that counted, with their signed weights. */
  hits: { word: string; weight: number }[];
}

export function scoreSentiment(text: string): SentimentScore {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? [];
  const hits: SentimentScore['hits'] = [];
  let negatedUntil = -1;
  words.forEach((raw, index) => {
    const word = raw.replace('’', "'");
    if (NEGATORS.has(word)) {
      negatedUntil = index + 3;
      return;
    }
    const weight = SENTIMENT_LEXICON[word];
    if (weight === undefined) return;
    hits.push({ word, weight: index <= negatedUntil ? -weight : weight });
  });
  return { score: hits.reduce((sum, hit) => sum + hit.weight, 0), hits };
}

/** Default |score| an item needs for a sentiment trigger to fire (override: keyword `score=N`). */
export const DEFAULT_SENTIMENT_SCORE = 3;
