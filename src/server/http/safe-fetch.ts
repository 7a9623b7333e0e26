/**
 * Outbound HTTP to URLs a person typed in (an admin's feeds, a trader's webhooks). Such a URL must
 * not become a way into the server's own network, so unless `allowPrivate` is set:
 * - only http(s), with no credentials in the URL;
 * - every address a host resolves to must be public unicast (see `isPublicAddress`). The check runs
 *   inside the connection's own DNS lookup, so the address checked is the address connected to
 *   (no second lookup an attacker's DNS could answer differently), and again on every redirect hop,
 *   which a GET follows here by hand (at most `maxRedirects`). A POST follows none: its 3xx is
 *   answered as is (a redirect would resend the body, perhaps somewhere else);
 * - the whole exchange is bounded in time and in body bytes.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/** Resolves a host name to every address it has (injectable so tests can fake DNS). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export interface SafeFetchOptions {
  /** Lets loopback and private addresses through (ALLOW_PRIVATE_FEEDS: tests, intranet feeds). */
  allowPrivate?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  resolve?: ResolveHost;
  /** The address policy; default `isPublicAddress` (tests stand a loopback server in for a public host). */
  isAllowedAddress?: (address: string) => boolean;
}

export interface SafeResponse {
  status: number;
  /** The URL finally read, after redirects. */
  url: string;
  contentType: string | null;
  body: Buffer;
}

/** A URL or address refused by policy (as opposed to a network failure). */
export class OutboundRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundRefusedError';
  }
}

/** Cloud metadata endpoints that are not already outside public unicast space (e.g. Azure's). */
const METADATA_ADDRESSES = new Set(['168.63.129.16', '169.254.169.254', '100.100.100.200', 'fd00:ec2::254']);

/**
 * True only for public unicast addresses. IPv4-mapped IPv6 (::ffff:a.b.c.d) is judged as its IPv4
 * address; every other special range (loopback, private, link-local, CGNAT, unique-local,
 * multicast, unspecified, reserved, NAT64/6to4/Teredo forms that embed an IPv4) is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) {
    return false;
  }
  return parsed.range() === 'unicast';
}

const systemResolve: ResolveHost = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => (error ? reject(error) : resolve(addresses)));
  });

/** A `net.connect` lookup that fails the connection when any resolved address is not public. */
function checkedLookup(resolveHost: ResolveHost, allowed: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolveHost(hostname).then(
      (addresses) => {
        const family = typeof options === 'object' ? options.family : undefined;
        const usable = addresses.filter((a) => !family || family === 0 || a.family === family);
        const bad = usable.find((a) => !allowed(a.address));
        if (usable.length === 0) {
          callback(new Error(`${hostname} has no address`), '', 0);
        } else if (bad) {
          callback(new OutboundRefusedError(`${hostname} resolves to a non-public address`), '', 0);
        } else if (typeof options === 'object' && options.all) {
          (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
        } else {
          callback(null, usable[0]!.address, usable[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

function checkUrl(raw: string, allowed: (address: string) => boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefusedError('not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundRefusedError(`${url.protocol} URLs are not fetched`);
  }
  if (url.username || url.password) throw new OutboundRefusedError('URLs with credentials are not fetched');
  // An address literal never goes through DNS, so the lookup check would not see it.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host) && !allowed(host)) {
    throw new OutboundRefusedError(`${host} is not a public address`);
  }
  return url;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface SafePostOptions extends Omit<SafeFetchOptions, 'maxRedirects'> {
  body: string | Buffer;
}

/**
 * GETs `url`, following redirects by hand, and returns the final response whatever its status.
 * Throws OutboundRefusedError for a refused address or URL, and an Error for network failures,
 * timeouts, too many redirects or a body over `maxBytes`.
 */
export function safeGet(rawUrl: string, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  return exchange(rawUrl, 'GET', options);
}

/**
 * POSTs `body` to `url` and returns the response whatever its status, a 3xx included (never
 * followed). Throws as `safeGet` does.
 */
export function safePost(rawUrl: string, options: SafePostOptions): Promise<SafeResponse> {
  return exchange(rawUrl, 'POST', { ...options, maxRedirects: 0 });
}

async function exchange(
  rawUrl: string,
  method: 'GET' | 'POST',
  options: SafeFetchOptions & { body?: string | Buffer },
): Promise<SafeResponse> {
  const allowed = allowedBy(options);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const signal = AbortSignal.timeout(timeoutMs);
  const dispatcher = new Agent({
    connect: { lookup: checkedLookup(options.resolve ?? systemResolve, allowed), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  try {
    let url = checkUrl(rawUrl, allowed);
    for (let hop = 0; ; hop++) {
      const response = await request(url, {
        method,
        dispatcher,
        signal,
        headers: options.headers,
        ...(options.body !== undefined && { body: options.body }),
      });
      const location = response.headers.location;
      if (method === 'GET' && REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump();
        if (hop >= maxRedirects) throw new Error(`more than ${maxRedirects} redirects`);
        url = checkUrl(new URL(location, url).href, allowed);
        continue;
      }
      const declared = Number(response.headers['content-length'] ?? 'NaN');
      if (declared > maxBytes) {
        response.body.destroy();
        throw new Error(`response larger than ${maxBytes} bytes`);
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Buffer).byteLength;
        if (size > maxBytes) {
          response.body.destroy();
          throw new Error(`response larger than ${maxBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      const contentType = response.headers['content-type'];
      return {
        status: response.statusCode,
        url: url.href,
        contentType: typeof contentType === 'string' ? contentType : null,
        body: Buffer.concat(chunks),
      };
    }
  } catch (error) {
    throw unwrap(error);
  } finally {
    void dispatcher.close();
  }
}

const allowedBy = (options: Pick<SafeFetchOptions, 'allowPrivate' | 'isAllowedAddress'>) =>
  options.allowPrivate ? () => true : (options.isAllowedAddress ?? isPublicAddress);

/**
 * The same policy checked ahead of any request, for a URL about to be stored (a webhook endpoint):
 * throws OutboundRefusedError when the URL, an address literal in it or any address its host
 * resolves to now is refused. A host that does not resolve passes (DNS may be down for a moment):
 * every request checks again anyway, at connection time.
 */
export async function checkOutboundUrl(
  rawUrl: string,
  options: Pick<SafeFetchOptions, 'allowPrivate' | 'isAllowedAddress' | 'resolve' | 'timeoutMs'> = {},
): Promise<URL> {
  const allowed = allowedBy(options);
  const url = checkUrl(rawUrl, allowed);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (options.allowPrivate || ipaddr.isValid(host)) return url;
  const resolving = (options.resolve ?? systemResolve)(host);
  const timeout = new Promise<null>((resolve) =>
    setTimeout(() => resolve(null), options.timeoutMs ?? 3_000).unref(),
  );
  const addresses = await Promise.race([resolving, timeout]).catch(() => null);
  if (addresses?.some((a) => !allowed(a.address))) {
    throw new OutboundRefusedError(`${host} resolves to a non-public address`);
  }
  return url;
}

/** undici wraps connect errors; the refusal itself is the useful message. */
function unwrap(error: unknown): unknown {
  for (let e = error; e instanceof Error; e = e.cause) {
    if (e instanceof OutboundRefusedError) return e;
  }
  return error;
}
