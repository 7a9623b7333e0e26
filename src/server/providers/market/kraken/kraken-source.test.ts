import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UnknownPairError, type MarketSource } from '../market-source';
import { startFakeKrakenServer, type FakeKrakenServer } from './fake-kraken-server';
import { createKrakenMarketSource } from './index';

describe('Kraken market source against the loopback fake Kraken', () => {
  let fake: FakeKrakenServer;
  let source: MarketSource;
  beforeAll(async () => {
    fake = await startFakeKrakenServer();
    source = createKrakenMarketSource({
      baseUrl: fake.url,
      rateLimit: false,
      clock: () => 1_800_000_000_000,
    });
  });
  afterAll(async () => fake.close());

  const lastRequest = () => fake.requests.at(-1);

  it('lists USD pairs from AssetPairs, BTC/USD as XBTUSD, only the watch-list active', async () => {
    const pairs = await source.listPairs();
    expect(lastRequest()?.endpoint).toBe('AssetPairs');
    expect(pairs.length).toBeGreaterThan(500);
    expect(pairs).toContainEqual({
      symbol: 'BTC/USD',
      exchangeSymbol: 'XBTUSD',
      base: 'BTC',
      quote: 'USD',
      defaultActive: true,
      orderMin: 0.00005,
      costMin: 0.5,
    });
    expect(pairs.filter((p) => p.defaultActive)).toHaveLength(12);
  });

  it('fetches the ticker by altname and parses it', async () => {
    const ticker = await source.fetchTicker('BTC/USD');
    expect(lastRequest()).toMatchObject({ endpoint: 'Ticker', query: { pair: 'XBTUSD' } });
    expect(ticker).toMatchObject({ symbol: 'BTC/USD', price: 78493.8, bid: 78493.7, ask: 78493.8 });
    expect(ticker.timestamp).toBe(1_800_000_000_000);
  });

  it('fetches closed hourly and minute candles from `since`', async () => {
    const since = 1594724400000; // the last two committed hours of the recording
    const hours = await source.fetchCandles('BTC/USD', '1h', since);
    expect(lastRequest()).toMatchObject({
      endpoint: 'OHLC',
      query: { pair: 'XBTUSD', interval: '60', since: String(since / 1000 - 1) },
    });
    expect(hours.map((c) => c.time)).toEqual([1594724400000, 1594728000000]);
    const minutes = await source.fetchCandles('BTC/USD', '1m', 0, 10);
    expect(lastRequest()?.query.interval).toBe('1');
    expect(minutes).toHaveLength(10);
    expect(minutes[0]?.time).toBe(1762777020000);
  });

  it('fetches the order book at the asked depth', async () => {
    const book = await source.fetchOrderBook('BTC/USD', 3);
    expect(lastRequest()).toMatchObject({ endpoint: 'Depth', query: { pair: 'XBTUSD', count: '3' } });
    expect(book.bids.map(([p]) => p)).toEqual([105944.2, 105935.4, 105918.8]);
    expect(book.asks[0]).toEqual([105944.3, 0.136]);
  });

  it('refuses pairs Kraken does not list without calling it, and reports Kraken errors', async () => {
    const calls = fake.requests.length;
    await expect(source.fetchTicker('NOPE/USD')).rejects.toBeInstanceOf(UnknownPairError);
    expect(fake.requests).toHaveLength(calls);

    fake.failNext('Ticker', { error: 'EService:Unavailable' });
    await expect(source.fetchTicker('BTC/USD')).rejects.toThrow(/EService:Unavailable/);
    fake.failNext('OHLC', { status: 502 });
    await expect(source.fetchCandles('BTC/USD', '1h', 0)).rejects.toThrow();
    await expect(source.fetchTicker('ETH/USD')).rejects.toThrow(/Unknown asset pair/); // not recorded
    expect((await source.fetchTicker('BTC/USD')).price).toBe(78493.8);
  });
});
