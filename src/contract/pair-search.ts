/*
 * The one pair-search rule of the lists (offers, heat map), shared by the server's queries and the
 * screens that filter what they already hold: letters and digits only, any case, so 'btc-usd',
 * 'BTC/USD' and 'btcusd' all find BTC/USD. A search with no letter or digit matches every pair.
 */

const compact = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** A test for pairs matching `search` (undefined or blank: every pair). */
export function pairMatcher(search: string | undefined): (pair: string) => boolean {
  const needle = compact(search ?? '');
  if (needle === '') return () => true;
  return (pair) => compact(pair).includes(needle);
}
