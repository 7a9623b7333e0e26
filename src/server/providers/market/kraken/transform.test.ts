import { beforeAll, describe, expect, it } from 'vitest';
import { readKrakenFixture } from './fake-kraken-server';
import {
  toCandles,
  toMarketPairs,
  toOrderBook,
  toTicker,
  type KrakenAssetPair,
  type KrakenDepthResult,
  type KrakenOhlcResult,
  type KrakenTicker,
} from './transform';
import { KRAKEN_DEFAULT_WATCH_LIST } from './index';

interface Envelope<T> {
  error: string[];
  result: T;
}
const fixture = async <T>(name: string) => (await readKrakenFixture<Envelope<T>>(name)).result;
const watchList = new Set(KRAKEN_DEFAULT_WATCH_LIST);

describe('Kraken transforms on recorded responses', () => {
  let assetPairs: Record<string, KrakenAssetPair>;
  beforeAll(async () => {
    assetPairs = await fixture<Record<string, KrakenAssetPair>>('AssetPairs.json');
  });

  it('lists the online USD pairs of AssetPairs (1434 pairs) with our symbols and Kraken altnames', () => {
    const started = performance.now();
    const pairs = toMarketPairs(assetPairs, watchList);
    expect(performance.now() - started).toBeLessThan(100);

    expect(Object.keys(assetPairs)).toHaveLength(1434);
    const bySymbol = new Map(pairs.map((p) => [p.symbol, p]));
    expect(bySymbol.get('BTC/USD')).toEqual({
      symbol: 'BTC/USD',
      exchangeSymbol: 'XBTUSD',
      base: 'BTC',
      quote: 'USD',
      defaultActive: true,
      orderMin: 0.00005,
      costMin: 0.5,
    });
    expect(bySymbol.get('DOGE/USD')).toMatchObject({ exchangeSymbol: 'XDGUSD', orderMin: 13, costMin: 0.5 });
    expect(bySymbol.get('XRP/USD')).toMatchObject({ orderMin: 1.65, costMin: 0.5 });
    // Every pair of this dump carries both minimums.
    expect(pairs.every((p) => (p.orderMin ?? 0) > 0 && (p.costMin ?? 0) > 0)).toBe(true);
    expect(bySymbol.get('ETH/USD')?.exchangeSymbol).toBe('ETHUSD');
    expect(bySymbol.get('XRP/USD')?.exchangeSymbol).toBe('XRPUSD');
    expect(bySymbol.has('XBT/USD') || bySymbol.has('XDG/USD')).toBe(false);
    expect(pairs.every((p) => p.quote === 'USD' && /^[A-Z0-9]{1,10}\/USD$/.test(p.symbol))).toBe(true);

    // 615 pairs quote ZUSD in this dump; 23 of them are cancel_only / post_only / reduce_only.
    const online = Object.values(assetPairs).filter((p) => p.quote === 'ZUSD' && p.status === 'online');
    expect(pairs).toHaveLength(online.length);
    expect(online.length).toBe(592);
    expect(pairs.filter((p) => p.defaultActive).map((p) => p.symbol)).toEqual(
      [...KRAKEN_DEFAULT_WATCH_LIST].sort(),
    );
    const notOnline = Object.values(assetPairs).find((p) => p.quote === 'ZUSD' && p.status !== 'online');
    expect(pairs.map((p) => p.exchangeSymbol)).not.toContain(notOnline?.altname);
  });

  it('reads the 2020 dump too: no status field (online), dark-pool pairs skipped', async () => {
    const old = await fixture<Record<string, KrakenAssetPair>>('AssetPairs-20200714-raw.json');
    const pairs = toMarketPairs(old, watchList);
    // 2020: `ordermin` only (0.002 BTC then); no `costmin` field, so the cost minimum is unknown.
    const btc = pairs.find((p) => p.symbol === 'BTC/USD');
    expect(btc).toMatchObject({ exchangeSymbol: 'XBTUSD', orderMin: 0.002 });
    expect(btc).not.toHaveProperty('costMin');
    expect(pairs.some((p) => p.exchangeSymbol.endsWith('.d'))).toBe(false);
    expect(pairs.length).toBeGreaterThan(10);
  });

  it('treats a missing, empty or non-positive minimum as unknown, never as zero', () => {
    const btc = assetPairs.XXBTZUSD as KrakenAssetPair;
    const limits = (ordermin: string | undefined, costmin: string | undefined) => {
      const [pair] = toMarketPairs({ XXBTZUSD: { ...btc, ordermin, costmin } }, watchList);
      return { orderMin: pair?.orderMin, costMin: pair?.costMin };
    };
    expect(limits('0.0001', '5')).toEqual({ orderMin: 0.0001, costMin: 5 });
    expect(limits(undefined, '')).toEqual({ orderMin: undefined, costMin: undefined });
    expect(limits('0', 'abc')).toEqual({ orderMin: undefined, costMin: undefined });
  });

  it('parses Ticker.json (answered under XXBTZUSD for XBTUSD)', async () => {
    const ticker = toTicker(await fixture<Record<string, KrakenTicker>>('Ticker.json'), 'BTC/USD', 123);
    expect(ticker).toEqual({
      symbol: 'BTC/USD',
      price: 78493.8,
      bid: 78493.7,
      ask: 78493.8,
      volume24h: 2063.49222799,
      high24h: 79498,
      low24h: 77609.4,
      change24hPercent: ((78493.8 - 79090.4) / 79090.4) * 100,
      timestamp: 123,
    });
  });

  it('parses one-minute OHLC, dropping the still-open last row, keeping empty minutes', async () => {
    const result = await fixture<KrakenOhlcResult>('OHLC-XBTUSDT-1.json');
    const candles = toCandles(result);
    expect(candles).toHaveLength(720); // 721 rows, the last one (after `last`) still open
    expect(candles[0]).toEqual({
      time: 1762777020000,
      open: 106038.2,
      high: 106038.2,
      low: 106038.2,
      close: 106038.2,
      volume: 0,
    });
    expect(candles.at(-1)?.time).toBe(1762820160000);
    expect(candles.every((c, i) => i === 0 || c.time - (candles[i - 1]?.time ?? 0) === 60_000)).toBe(true);
    expect(candles.some((c) => c.volume > 0)).toBe(true);
    expect(toCandles(result, 1762820100000)).toHaveLength(2);
    expect(toCandles(result, 0, 5)).toHaveLength(5);
  });

  it('parses hourly OHLC (XXBTZEUR, 720 rows)', async () => {
    const candles = toCandles(await fixture<KrakenOhlcResult>('OHLC-XXBTZEUR-60.json'));
    expect(candles).toHaveLength(719);
    expect(candles[0]).toEqual({
      time: 1592143200000,
      open: 8351.8,
      high: 8354.8,
      low: 8270.1,
      close: 8309,
      volume: 112.38914268,
    });
    expect(candles.at(-1)?.time).toBe(1594728000000);
  });

  it('parses the order book best first, timestamped by its newest level', async () => {
    const book = toOrderBook(await fixture<KrakenDepthResult>('Depth.json'), 'BTC/USDT', 1);
    expect(book.bids).toHaveLength(5);
    expect(book.asks).toHaveLength(5);
    expect(book.bids[0]).toEqual([105944.2, 0.002]);
    expect(book.asks[0]).toEqual([105944.3, 0.136]);
    expect(book.asks.at(-1)).toEqual([105963.6, 0.024]);
    expect(book.timestamp).toBe(1762820249000);
  });

  it('refuses broken payloads instead of inventing numbers', async () => {
    const ticker = await fixture<Record<string, KrakenTicker>>('Ticker.json');
    const broken = structuredClone(ticker);
    (Object.values(broken)[0] as KrakenTicker).c = ['', '0'];
    expect(() => toTicker(broken, 'BTC/USD', 1)).toThrow(/not a number/);
    expect(() => toTicker({}, 'BTC/USD', 1)).toThrow(/expected one pair/);
    expect(() => toCandles({ last: 1 })).toThrow(/no rows/);
  });
});
