import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manageTriggerInputSchema, type ManageTriggerFormInput } from '../../../contract/admin-triggers';
import { actionLogs, triggers } from '../../db/schema';
import { createFeedFetcher } from './feed-source';
import { createTriggersService } from './triggers.service';
import {
  ATOM_FIXTURE,
  RSS_FIXTURE,
  atomWithEntries,
  rssWithItem,
  startFeedServer,
  type FeedServer,
} from './testdata/feed-server';
import { NOW, createServiceFixture } from './testdata/service-fixture';
import { anyString, matching, arrayContaining, objectContaining } from './testdata/matchers';

const iso = (offsetMinutes: number) => new Date(NOW + offsetMinutes * 60_000).toISOString();

describe('feed triggers (loopback RSS / Atom server)', () => {
  let server: FeedServer;
  let t: Awaited<ReturnType<typeof createServiceFixture>>;
  beforeAll(async () => {
    server = await startFeedServer();
    t = await createServiceFixture({ fetchFeed: createFeedFetcher({ timeoutMs: 300, allowPrivate: true }) });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  async function add(input: Omit<Extract<ManageTriggerFormInput, { action: 'add' }>, 'action'>) {
    const parsed = manageTriggerInputSchema.parse({ action: 'add', ...input });
    const { trigger } = await t.service.manage(parsed, t.adminId);
    return trigger!;
  }
  const firedLogs = async (triggerId: string) =>
    (await t.db.select().from(actionLogs).where(eq(actionLogs.action, 'trigger.fired'))).filter(
      (log) => log.details?.triggerId === triggerId,
    );

  it('a news keyword fires once for a new item, never for the backlog or a repeat', async () => {
    server.set('/news.rss', { kind: 'xml', body: RSS_FIXTURE });
    const news = await add({
      type: 'news',
      symbol: 'BTC/USD',
      source: server.url('/news.rss'),
      keywords: ['ETF'],
    });

    // The fixture's items (incl. an "ETF" one) predate the trigger: they only become "seen".
    expect((await t.service.pollFeeds()).fired).toEqual([]);
    const [stored] = await t.db.select().from(triggers).where(eq(triggers.id, news.id));
    expect(stored?.lastSeen).toMatchObject({
      primed: true,
      itemKeys: arrayContaining(['crypto-desk-1001']),
    });

    server.set('/news.rss', {
      kind: 'xml',
      body: rssWithItem({
        guid: 'crypto-desk-2001',
        title: 'SEC clears options on spot bitcoin etf',
        description: 'Trading starts next week.',
        pubDate: iso(30),
      }),
    });
    const first = await t.service.pollFeeds();
    expect(first.fired).toEqual([
      {
        triggerId: news.id,
        type: 'news',
        pair: 'BTC/USD',
        reason: 'News: "SEC clears options on spot bitcoin etf" matched "ETF"',
        analysisId: anyString,
      },
    ]);
    expect(t.requests.at(-1)).toEqual({
      pair: 'BTC/USD',
      triggerId: news.id,
      reason: first.fired[0]!.reason,
    });
    expect(await firedLogs(news.id)).toEqual([
      objectContaining({
        pair: 'BTC/USD',
        status: 'ok',
        details: objectContaining({ type: 'news', reason: first.fired[0]!.reason }),
      }),
    ]);
    const [afterFire] = await t.db.select().from(triggers).where(eq(triggers.id, news.id));
    expect(afterFire?.lastFiredAt?.getTime()).toBe(NOW);

    expect((await t.service.pollFeeds()).fired).toEqual([]);
    expect(await firedLogs(news.id)).toHaveLength(1);
  });

  it('a new item without the keyword does not fire', async () => {
    server.set('/quiet.rss', { kind: 'xml', body: RSS_FIXTURE });
    const quiet = await add({
      type: 'news',
      symbol: 'SOL/USD',
      source: server.url('/quiet.rss'),
      keywords: ['solana'],
    });
    await t.service.pollFeeds();
    server.set('/quiet.rss', {
      kind: 'xml',
      body: rssWithItem({
        guid: 'q-1',
        title: 'Ethereum devs schedule upgrade',
        description: 'No date yet.',
        pubDate: iso(5),
      }),
    });
    const result = await t.service.pollFeeds();
    expect(result.fired.filter((f) => f.triggerId === quiet.id)).toEqual([]);
  });

  it('an item published after the trigger was created fires on the first poll', async () => {
    server.set('/fresh.rss', {
      kind: 'xml',
      body: rssWithItem({
        guid: 'f-1',
        title: 'Litecoin halving done',
        description: 'Blocks pay less.',
        pubDate: iso(60),
      }),
    });
    const fresh = await add({
      type: 'news',
      symbol: 'LTC/USD',
      source: server.url('/fresh.rss'),
      keywords: [],
    });
    const result = await t.service.pollFeeds();
    expect(result.fired.map((f) => f.triggerId)).toEqual([fresh.id]);
    expect(result.fired[0]?.reason).toBe('News: "Litecoin halving done" matched "litecoin"');
  });

  it('sentiment fires on a strongly scored new Atom entry only', async () => {
    server.set('/chain.atom', { kind: 'xml', body: ATOM_FIXTURE, contentType: 'application/atom+xml' });
    const sentiment = await add({ type: 'sentiment', symbol: 'ETH/USD', source: server.url('/chain.atom') });
    const strict = await add({
      type: 'sentiment',
      symbol: 'ETH/BTC',
      source: server.url('/chain.atom'),
      keywords: ['ether', 'score=6'],
    });
    await t.service.pollFeeds();

    const mild = {
      id: 'e-1',
      title: 'Ethereum staking inflows rise',
      summary: 'Slowly.',
      published: iso(10),
    };
    server.set('/chain.atom', { kind: 'xml', body: atomWithEntries([mild]) });
    expect((await t.service.pollFeeds()).fired).toEqual([]);

    const strong = {
      id: 'e-2',
      title: 'Bridge hacked, ether plunges',
      summary: 'Funds were drained overnight.',
      published: iso(20),
    };
    const hitsBefore = server.hits.get('/chain.atom') ?? 0;
    server.set('/chain.atom', { kind: 'xml', body: atomWithEntries([strong, mild]) });
    const result = await t.service.pollFeeds();
    expect(server.hits.get('/chain.atom')).toBe(hitsBefore + 1); // one fetch for both triggers
    expect(result.fired.map((f) => [f.triggerId, f.reason])).toEqual([
      [sentiment.id, 'Sentiment -5 (negative) on "Bridge hacked, ether plunges" (matched "ether")'],
    ]);
    expect(result.fired.some((f) => f.triggerId === strict.id)).toBe(false);
  });

  it('a failing feed is logged once per distinct error and never stops the others', async () => {
    server.set('/down.rss', { kind: 'status', status: 502 });
    server.set('/hang.rss', { kind: 'hang' });
    server.set('/junk.rss', { kind: 'xml', body: '<html><body>Moved</body></html>' });
    server.set('/ok.rss', { kind: 'xml', body: RSS_FIXTURE });
    const down = await add({ type: 'news', symbol: 'XRP/USD', source: server.url('/down.rss') });
    await add({ type: 'political_news', symbol: 'XRP/USD', source: server.url('/hang.rss') });
    await add({ type: 'news', symbol: 'ADA/USD', source: server.url('/junk.rss') });
    const ok = await add({
      type: 'news',
      symbol: 'DOT/USD',
      source: server.url('/ok.rss'),
      keywords: ['hashrate'],
    });
    await t.service.pollFeeds();
    server.set('/ok.rss', {
      kind: 'xml',
      body: rssWithItem({
        guid: 'ok-1',
        title: 'Polkadot hashrate?',
        description: 'Not really.',
        pubDate: iso(1),
      }),
    });

    const result = await t.service.pollFeeds();
    expect(result.fired.map((f) => f.triggerId)).toEqual([ok.id]);
    expect(result.failedSources).toBe(3);
    await t.service.pollFeeds();

    const errors = await t.db.select().from(actionLogs).where(eq(actionLogs.action, 'trigger.feed_error'));
    expect(errors.map((e) => [e.pair, e.status, e.details?.error])).toEqual(
      arrayContaining([
        ['XRP/USD', 'error', 'HTTP 502'],
        ['XRP/USD', 'error', matching(/timeout|aborted/i)],
        ['ADA/USD', 'error', anyString],
      ]),
    );
    expect(errors).toHaveLength(3);
    expect(errors.find((e) => e.details?.triggerId === down.id)?.details?.source).toBe(
      server.url('/down.rss'),
    );
  });

  it('two pollers racing over the same item fire it once', async () => {
    server.set('/race.rss', { kind: 'xml', body: RSS_FIXTURE });
    const race = await add({ type: 'news', symbol: 'DOGE/USD', source: server.url('/race.rss') });
    await t.service.pollFeeds();
    server.set('/race.rss', {
      kind: 'xml',
      body: rssWithItem({
        guid: 'r-1',
        title: 'Dogecoin joins payments app',
        description: '.',
        pubDate: iso(2),
      }),
    });
    const other = createTriggersService({
      db: t.db,
      logs: t.logs,
      thresholds: t.thresholds,
      clock: () => NOW,
      fetchFeed: createFeedFetcher({ timeoutMs: 300, allowPrivate: true }),
      requestAnalysis: async () => ({ analysisId: 'other' }),
    });
    const [a, b] = await Promise.all([t.service.pollFeeds(), other.pollFeeds()]);
    const fired = [...a.fired, ...b.fired].filter((f) => f.triggerId === race.id);
    expect(fired).toHaveLength(1);
  });
});
