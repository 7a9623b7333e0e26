/**
 * RSS 2.0 / Atom sources of the feed triggers: a bounded fetch (timeout, size cap) and a pure parse
 * into the few fields the rules read. Feeds are admin-configured URLs; anything they send is data.
 */
import Parser from 'rss-parser';
import { safeGet, type ResolveHost } from '../../http/safe-fetch';

export interface FeedItem {
  /** Stable identity used to remember what was seen: guid / Atom id, else link, else title. */
  key: string;
  title: string;
  /** Title and body as plain text (tags stripped), what keywords and sentiment read. */
  text: string;
  link: string | null;
  /** Epoch ms of publication, when the feed says. */
  publishedAt: number | null;
}

/** Fetches a feed's XML. The default is `createFeedFetcher()`; tests and callers may inject another. */
export type FetchFeed = (url: string) => Promise<string>;

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;

export interface FeedFetcherOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** ALLOW_PRIVATE_FEEDS: lets feeds on loopback and private networks be read. */
  allowPrivate?: boolean;
  /** DNS stand-in for tests. */
  resolve?: ResolveHost;
}

/** Feed URLs are admin input: they go through the address-checked `safeGet`. */
export function createFeedFetcher(options: FeedFetcherOptions = {}): FetchFeed {
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  return async (url) => {
    const response = await safeGet(url, {
      timeoutMs: options.timeoutMs ?? FEED_TIMEOUT_MS,
      maxBytes,
      allowPrivate: options.allowPrivate,
      resolve: options.resolve,
      headers: {
        accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
        'user-agent': 'HeatSignal feed poller',
      },
    }).catch((error: unknown) => {
      if (error instanceof Error && /larger than/.test(error.message)) {
        throw new Error(`feed larger than ${maxBytes} bytes`);
      }
      throw error;
    });
    if (response.status < 200 || response.status > 299) throw new Error(`HTTP ${response.status}`);
    return response.body.toString('utf8');
  };
}

const parser = new Parser();

/** Parses RSS 0.9x/1.0/2.0 or Atom XML; throws on anything else. */
export async function parseFeed(xml: string): Promise<FeedItem[]> {
  const feed = await parser.parseString(xml);
  return feed.items.flatMap((item): FeedItem[] => {
    const raw = item as Parser.Item & { id?: unknown };
    const title = plain(raw.title ?? '');
    const body = plain(raw.contentSnippet ?? raw.summary ?? raw.content ?? '');
    const link = typeof raw.link === 'string' && raw.link ? raw.link : null;
    const key = text(raw.guid) ?? text(raw.id) ?? link ?? (title || null);
    if (!key) return [];
    const published = Date.parse(raw.isoDate ?? raw.pubDate ?? '');
    return [
      {
        key,
        title,
        text: body ? `${title}\n${body}` : title,
        link,
        publishedAt: Number.isFinite(published) ? published : null,
      },
    ];
  });
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
