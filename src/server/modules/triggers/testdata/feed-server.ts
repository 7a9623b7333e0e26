/**
 * Test helper: a loopback HTTP server that serves feeds the way a real publisher does (RSS 2.0 /
 * Atom XML with the right content types), plus the failure modes a poller must survive.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export const RSS_FIXTURE = readFileSync(path.join(import.meta.dirname, 'news.rss.xml'), 'utf8');
export const ATOM_FIXTURE = readFileSync(path.join(import.meta.dirname, 'market.atom.xml'), 'utf8');

export type Route =
  | { kind: 'xml'; body: string; contentType?: string }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'huge'; bytes: number };

export interface FeedServer {
  url(pathname: string): string;
  set(pathname: string, route: Route): void;
  /** Requests seen per path. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

export async function startFeedServer(): Promise<FeedServer> {
  const routes = new Map<string, Route>();
  const hits = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    hits.set(pathname, (hits.get(pathname) ?? 0) + 1);
    const route = routes.get(pathname);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    switch (route.kind) {
      case 'xml':
        res
          .writeHead(200, { 'content-type': route.contentType ?? 'application/rss+xml; charset=utf-8' })
          .end(route.body);
        return;
      case 'status':
        res.writeHead(route.status, { 'content-type': 'text/html' }).end('<h1>upstream error</h1>');
        return;
      case 'hang':
        return; // never answers; the client must time out
      case 'huge':
        // No content-length: the size cap must hold while streaming.
        res.writeHead(200, { 'content-type': 'application/rss+xml' });
        res.end(`<rss version="2.0"><channel>${'x'.repeat(route.bytes)}</channel></rss>`);
        return;
      default: {
        const unreachable: never = route;
        throw new Error(`bad route ${JSON.stringify(unreachable)}`);
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    set: (pathname, route) => routes.set(pathname, route),
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The RSS fixture with one more item on top (feeds list newest first). */
export function rssWithItem(item: { guid: string; title: string; description: string; pubDate: string }) {
  const xml = `<item>
      <title>${item.title}</title>
      <link>https://news.example.com/${item.guid}</link>
      <guid isPermaLink="false">${item.guid}</guid>
      <pubDate>${new Date(item.pubDate).toUTCString()}</pubDate>
      <description><![CDATA[<p>${item.description}</p>]]></description>
    </item>
    <item>`;
  return RSS_FIXTURE.replace('<item>', xml);
}

/** The Atom fixture with extra entries on top. */
export function atomWithEntries(
  entries: { id: string; title: string; summary: string; published: string }[],
) {
  const xml = entries
    .map(
      (e) => `<entry>
    <title>${e.title}</title>
    <link href="https://chainwatch.example.org/posts/${e.id}" rel="alternate"/>
    <id>urn:uuid:${e.id}</id>
    <published>${e.published}</published>
    <updated>${e.published}</updated>
    <summary>${e.summary}</summary>
  </entry>
  `,
    )
    .join('');
  return ATOM_FIXTURE.replace('<entry>', `${xml}<entry>`);
}
