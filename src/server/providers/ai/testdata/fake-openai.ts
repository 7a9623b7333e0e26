/**
 * Test helper: a loopback server speaking the OpenAI Chat Completions wire format
 * (POST /v1/chat/completions, bearer key, JSON in and out), with switchable failure modes.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const RECORDED = JSON.parse(readFileSync(path.join(import.meta.dirname, 'chat-completion.json'), 'utf8')) as {
  model: string;
};

export type FakeMode = 'ok' | 'server_error' | 'unauthorized' | 'hang' | 'malformed' | 'wrong_shape';

export interface FakeRequest {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

export async function startFakeOpenAi(apiKey: string) {
  const state = { mode: 'ok' as FakeMode, requests: [] as FakeRequest[] };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as FakeRequest['body'];
      state.requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const json = (status: number, payload: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(payload));
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        json(404, { error: { message: 'Unknown request URL', type: 'invalid_request_error' } });
        return;
      }
      if (state.mode === 'unauthorized' || req.headers.authorization !== `Bearer ${apiKey}`) {
        json(401, {
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        });
        return;
      }
      switch (state.mode) {
        case 'ok':
          json(200, { ...RECORDED, model: body.model });
          return;
        case 'server_error':
          json(500, {
            error: {
              message: 'The server had an error while processing your request.',
              type: 'server_error',
              param: null,
              code: null,
            },
          });
          return;
        case 'hang':
          return;
        case 'malformed':
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"id":"chatcmpl-x","choices":[{"index":0,');
          return;
        case 'wrong_shape':
          json(200, { object: 'list', data: [] });
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
