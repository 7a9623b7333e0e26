/**
 * RSS 2.0 / Atom sources of the feed triggers: a bounded fetch (timeout, size cap) and a pure parse
 * into the few fields the rules read. Feeds are admin-configured URLs; anything they send is data.
 */
import Parser from 'rss-parser';

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

/** Fetches a feed's XML. The default is `fetchFeedText`; tests and callers may inject another. */
export type FetchFeed = (url: string) => Promise<string>;

export const FEED_TIMEOUT_MS = 10_000;
export const FEED_MAX_BYTES = 2 * 1024 * 1024;

export function createFeedFetcher(options: { timeoutMs?: number; maxBytes?: number } = {}): FetchFeed {
  const timeoutMs = options.timeoutMs ?? FEED_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? FEED_MAX_BYTES;
  return (url) => fetchFeedText(url, timeoutMs, maxBytes);
}

async function fetchFeedText(url: string, timeoutMs: number, maxBytes: number): Promise<string> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'follow',
    headers: {
      accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
      'user-agent': 'HeatSignal feed poller',
    },
  });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? 'NaN');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new Error(`feed larger than ${maxBytes} bytes`);
  }
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`feed larger than ${maxBytes} bytes`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
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
