/**
 * Loopback stand-ins for the services a webhook reaches, speaking their real wire format:
 * - a receiver that checks `HeatSignal-Signature` as a real one would (the raw body, its own
 *   clock, the endpoint's secret) and answers 400 to a bad or stale signature;
 * - Freqtrade's REST API: `POST /api/v1/forceenter` and `GET /api/v1/version` behind HTTP basic auth.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_SIGNATURE_HEADER } from '../../../../contract/webhooks';
import { verifyWebhookSignature, type VerifyFailure } from '../signature';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The signature check's verdict (null: no secret set, nothing checked). */
  verdict: { ok: true } | { ok: false; reason: VerifyFailure } | null;
  status: number;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function closer(server: Server) {
  return () => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

export interface Receiver {
  origin: string;
  received: ReceivedRequest[];
  /** The secret signatures are checked with (the endpoint's, as its owner pasted it). */
  secret: string | null;
  /** The receiver's clock in Unix seconds; real time by default. */
  nowSeconds: (() => number) | null;
  /** Answer of a request whose signature verified (default 200). */
  respond: (request: ReceivedRequest) => number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    origin: '',
    received: [],
    secret: null,
    nowSeconds: null,
    respond: () => 200,
    close: async () => {},
  };
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const request: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        verdict: null,
        status: 0,
      };
      if (receiver.secret !== null) {
        const header = req.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()];
        const result = verifyWebhookSignature({
          header: typeof header === 'string' ? header : undefined,
          body,
          secret: receiver.secret,
          nowSeconds: receiver.nowSeconds?.() ?? Math.floor(Date.now() / 1000),
        });
        request.verdict = result.ok ? { ok: true } : result;
      }
      request.status = request.verdict?.ok === false ? 400 : receiver.respond(request);
      receiver.received.push(request);
      res.writeHead(request.status, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          request.status < 300
            ? { received: true }
            : {
                error: `refused (${request.verdict?.ok === false ? request.verdict.reason : request.status})`,
              },
        ),
      );
    });
  });
  receiver.origin = await listen(server);
  receiver.close = closer(server);
  return receiver;
}

export interface FakeFreqtrade {
  origin: string;
  /** forceenter bodies it accepted, and every request it refused for its credentials. */
  entered: Record<string, unknown>[];
  unauthorized: number;
  versions: number;
  close(): Promise<void>;
}

/** Freqtrade's api_server as far as a forceenter goes (basic auth, JSON in, the trade out). */
export async function startFakeFreqtrade(credentials: {
  username: string;
  password: string;
}): Promise<FakeFreqtrade> {
  const expected = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
  const fake: FakeFreqtrade = {
    origin: '',
    entered: [],
    unauthorized: 0,
    versions: 0,
    close: async () => {},
  };
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const reply = (status: number, json: object) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      if (req.headers.authorization !== expected) {
        fake.unauthorized += 1;
        return reply(401, { detail: 'Unauthorized' });
      }
      if (req.method === 'GET' && req.url === '/api/v1/version') {
        fake.versions += 1;
        return reply(200, { version: '2025.10' });
      }
      if (req.method === 'POST' && req.url === '/api/v1/forceenter') {
        const input = JSON.parse(body) as Record<string, unknown>;
        if (typeof input.pair !== 'string' || !['long', 'short'].includes(input.side as string)) {
          return reply(422, { detail: 'invalid forceenter body' });
        }
        fake.entered.push(input);
        return reply(200, {
          trade_id: fake.entered.length,
          pair: input.pair,
          is_short: input.side === 'short',
        });
      }
      return reply(404, { detail: 'Not Found' });
    });
  });
  fake.origin = await listen(server);
  fake.close = closer(server);
  return fake;
}
