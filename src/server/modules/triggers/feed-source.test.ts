import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedFetcher, parseFeed } from './feed-source';
import { ATOM_FIXTURE, RSS_FIXTURE, startFeedServer, type FeedServer } from './testdata/feed-server';

describe('parseFeed', () => {
  it('reads RSS 2.0 items: guid as key, HTML stripped, dates', async () => {
    const items = await parseFeed(RSS_FIXTURE);
    expect(items).toEqual([
      {
        key: 'crypto-desk-1001',
        title: 'Bitcoin miners report record hashrate',
        text: 'Bitcoin miners report record hashrate\nNetwork hashrate hit a new high as BTC miners added capacity.',
        link: 'https://news.example.com/2025/01/14/hashrate',
        publishedAt: Date.UTC(2025, 0, 14, 18),
      },
      expect.objectContaining({
        key: 'https://news.example.com/2025/01/13/etf-flows',
        publishedAt: Date.UTC(2025, 0, 13, 9, 30),
      }),
    ]);
  });

  it('reads Atom entries: id as key, alternate link, escaped HTML summary', async () => {
    const [entry] = await parseFeed(ATOM_FIXTURE);
    expect(entry).toEqual({
      key: 'urn:uuid:6e8bc430-9c3a-11d9-9669-0800200c9a66',
      title: 'Ethereum gas fees steady ahead of upgrade',
      text: 'Ethereum gas fees steady ahead of upgrade\nFees held near their monthly average.',
      link: 'https://chainwatch.example.org/posts/gas-steady',
      publishedAt: Date.UTC(2025, 0, 14, 20),
    });
  });

  it('refuses what is not a feed', async () => {
    await expect(parseFeed('<html><body>hello</body></html>')).rejects.toThrow();
    await expect(parseFeed('not xml at all <<<')).rejects.toThrow();
  });
});

describe('feed fetcher', () => {
  let server: FeedServer;
  beforeAll(async () => {
    server = await startFeedServer();
    server.set('/rss', { kind: 'xml', body: RSS_FIXTURE });
    server.set('/down', { kind: 'status', status: 503 });
    server.set('/hang', { kind: 'hang' });
    server.set('/huge', { kind: 'huge', bytes: 300_000 });
  });
  afterAll(async () => server.close());

  // The feed server is on loopback: these tests opt in, as an intranet deployment would.
  const fetchFeed = createFeedFetcher({ timeoutMs: 300, maxBytes: 100_000, allowPrivate: true });

  it('downloads a feed', async () => {
    expect(await fetchFeed(server.url('/rss'))).toBe(RSS_FIXTURE);
  });

  it('fails on HTTP errors, timeouts and oversized bodies', async () => {
    await expect(fetchFeed(server.url('/down'))).rejects.toThrow('HTTP 503');
    await expect(fetchFeed(server.url('/hang'))).rejects.toThrow(/timeout|aborted/i);
    await expect(fetchFeed(server.url('/huge'))).rejects.toThrow('feed larger than 100000 bytes');
  });

  it('refuses feeds on internal addresses unless ALLOW_PRIVATE_FEEDS opts in', async () => {
    const strict = createFeedFetcher({ timeoutMs: 300 });
    await expect(strict(server.url('/rss'))).rejects.toThrow(/127\.0\.0\.1 is not a public address/);
    const port = new URL(server.url('/rss')).port;
    const lying = createFeedFetcher({
      timeoutMs: 300,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    await expect(lying(`http://news.example.com:${port}/rss`)).rejects.toThrow(/non-public address/);
    const intranet = createFeedFetcher({
      timeoutMs: 300,
      allowPrivate: true,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(await intranet(`http://news.example.com:${port}/rss`)).toBe(RSS_FIXTURE);
  });
});
