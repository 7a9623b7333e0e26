import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl,
  isPublicAddress,
  OutboundRefusedError,
  safeGet,
  safePost,
  type ResolveHost,
} from './safe-fetch';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '168.63.129.16',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('accepts %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('safeGet against a loopback server', () => {
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/feed') res.writeHead(200, { 'content-type': 'application/rss+xml' }).end('<rss/>');
      else if (req.url === '/to-loopback')
        res.writeHead(302, { location: `http://127.0.0.1:${port}/feed` }).end();
      else if (req.url === '/to-loopback-2')
        res.writeHead(308, { location: `http://127.0.0.2:${port}/feed` }).end();
      else if (req.url === '/to-metadata')
        res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/to-named')
        res.writeHead(307, { location: `http://internal.example.net:${port}/feed` }).end();
      else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  /** DNS stand-in: every name points at the loopback server, as a hostile record would. */
  const toLoopback: ResolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
  /** A public-looking name that resolves publicly, but the server is really on loopback. */
  const publicThenLoopback: ResolveHost = async (hostname) =>
    hostname === 'feeds.example.com'
      ? [{ address: '127.0.0.1', family: 4 }]
      : [{ address: '93.184.215.14', family: 4 }];

  it('refuses a URL at 127.0.0.1 while private addresses are not allowed', async () => {
    await expect(safeGet(`http://127.0.0.1:${port}/feed`)).rejects.toThrow(OutboundRefusedError);
    await expect(safeGet(`http://[::1]:${port}/feed`)).rejects.toThrow(/not a public address/);
    await expect(safeGet(`http://[::ffff:127.0.0.1]:${port}/feed`)).rejects.toThrow(OutboundRefusedError);
    // WHATWG URL normalises 0x7f.1 and 2130706433 to 127.0.0.1 before the check.
    await expect(safeGet(`http://2130706433:${port}/feed`)).rejects.toThrow(OutboundRefusedError);
  });

  it('refuses a public-looking host name that resolves to 127.0.0.1', async () => {
    const attempt = safeGet(`http://feeds.example.com:${port}/feed`, { resolve: publicThenLoopback });
    await expect(attempt).rejects.toThrow(OutboundRefusedError);
    await expect(
      safeGet(`http://feeds.example.com:${port}/feed`, { resolve: publicThenLoopback }),
    ).rejects.toThrow(/feeds\.example\.com resolves to a non-public address/);
  });

  it('refuses a redirect to a private address, literal or by name', async () => {
    // The loopback server stands in for a public feed host: only 127.0.0.1 itself is allowed.
    const policy = { isAllowedAddress: (address: string) => address === '127.0.0.1' };
    const start = `http://127.0.0.1:${port}`;
    expect((await safeGet(`${start}/feed`, policy)).status).toBe(200);
    await expect(safeGet(`${start}/to-metadata`, policy)).rejects.toThrow(
      /169\.254\.169\.254 is not a public address/,
    );
    const toPrivate: ResolveHost = async () => [{ address: '10.0.0.7', family: 4 }];
    await expect(safeGet(`${start}/to-named`, { ...policy, resolve: toPrivate })).rejects.toThrow(
      /internal\.example\.net resolves to a non-public address/,
    );
    await expect(safeGet(`${start}/to-loopback-2`, policy)).rejects.toThrow(OutboundRefusedError);
  });

  it('with the opt-in, reads the loopback feed and follows redirects within the limit', async () => {
    const direct = await safeGet(`http://127.0.0.1:${port}/feed`, { allowPrivate: true });
    expect(direct.status).toBe(200);
    expect(direct.body.toString()).toBe('<rss/>');
    const redirected = await safeGet(`http://127.0.0.1:${port}/to-named`, {
      allowPrivate: true,
      resolve: toLoopback,
    });
    expect(redirected).toMatchObject({ status: 200, url: `http://internal.example.net:${port}/feed` });
    await expect(safeGet(`http://127.0.0.1:${port}/loop`, { allowPrivate: true })).rejects.toThrow(
      'more than 5 redirects',
    );
  });

  it('refuses other schemes and credentials in the URL', async () => {
    await expect(safeGet('file:///etc/passwd')).rejects.toThrow(/file: URLs are not fetched/);
    await expect(safeGet('http://user:pw@example.com/')).rejects.toThrow(/credentials/);
    await expect(safeGet('not a url')).rejects.toThrow(OutboundRefusedError);
  });
});

describe('safePost against a loopback receiver', () => {
  let server: Server;
  let port = 0;
  const received: { url: string; body: string; signature: string | undefined }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          url: req.url ?? '',
          body: Buffer.concat(chunks).toString(),
          signature: req.headers['x-signature'] as string | undefined,
        });
        if (req.url === '/hook') res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
        else if (req.url === '/moved')
          res.writeHead(307, { location: `http://127.0.0.1:${port}/hook` }).end();
        else if (req.url === '/silent')
          return; // accepts and never answers
        else res.writeHead(500).end('boom');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const loopbackOnly = { isAllowedAddress: (address: string) => address === '127.0.0.1' };

  it('sends the body and headers and answers the status and body', async () => {
    const response = await safePost(`http://127.0.0.1:${port}/hook`, {
      ...loopbackOnly,
      body: '{"a":1}',
      headers: { 'content-type': 'application/json', 'x-signature': 't=1,v1=ab' },
    });
    expect(response).toMatchObject({ status: 200, contentType: 'text/plain' });
    expect(response.body.toString()).toBe('thanks');
    expect(received.at(-1)).toEqual({ url: '/hook', body: '{"a":1}', signature: 't=1,v1=ab' });
    expect((await safePost(`http://127.0.0.1:${port}/fail`, { ...loopbackOnly, body: 'x' })).status).toBe(
      500,
    );
  });

  it('answers a redirect as is and never resends the body to its target', async () => {
    const before = received.length;
    const response = await safePost(`http://127.0.0.1:${port}/moved`, {
      ...loopbackOnly,
      body: 'secret-ish',
    });
    expect(response.status).toBe(307);
    expect(received.slice(before).map((r) => r.url)).toEqual(['/moved']);
  });

  it('refuses private addresses, literal or by name, unless allowed', async () => {
    await expect(safePost(`http://127.0.0.1:${port}/hook`, { body: 'x' })).rejects.toThrow(
      /127\.0\.0\.1 is not a public address/,
    );
    const toPrivate: ResolveHost = async () => [{ address: '192.168.1.20', family: 4 }];
    await expect(
      safePost(`http://bots.example.com:${port}/hook`, { body: 'x', resolve: toPrivate }),
    ).rejects.toThrow(OutboundRefusedError);
    const allowed = await safePost(`http://127.0.0.1:${port}/hook`, { body: 'x', allowPrivate: true });
    expect(allowed.status).toBe(200);
  });

  it('gives up on a receiver that never answers after the timeout', async () => {
    const started = Date.now();
    await expect(
      safePost(`http://127.0.0.1:${port}/silent`, { ...loopbackOnly, body: 'x', timeoutMs: 300 }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('checkOutboundUrl (a URL about to be stored)', () => {
  const resolveTo =
    (address: string): ResolveHost =>
    async () => [{ address, family: 4 }];

  it('refuses what a request would refuse, and lets an unresolvable name through', async () => {
    await expect(checkOutboundUrl('https://127.0.0.1/hook')).rejects.toThrow(/not a public address/);
    await expect(checkOutboundUrl('https://[::1]/hook')).rejects.toThrow(OutboundRefusedError);
    await expect(
      checkOutboundUrl('https://hooks.example.com/x', { resolve: resolveTo('10.1.2.3') }),
    ).rejects.toThrow(/hooks\.example\.com resolves to a non-public address/);
    await expect(checkOutboundUrl('ftp://example.com/')).rejects.toThrow(OutboundRefusedError);
    const ok = await checkOutboundUrl('https://hooks.example.com/x', { resolve: resolveTo('93.184.215.14') });
    expect(ok.hostname).toBe('hooks.example.com');
    const nowhere: ResolveHost = () => Promise.reject(new Error('ENOTFOUND'));
    await expect(
      checkOutboundUrl('https://nowhere.example.com/', { resolve: nowhere }),
    ).resolves.toBeInstanceOf(URL);
    await expect(checkOutboundUrl('http://127.0.0.1:9/', { allowPrivate: true })).resolves.toBeInstanceOf(
      URL,
    );
  });
});
