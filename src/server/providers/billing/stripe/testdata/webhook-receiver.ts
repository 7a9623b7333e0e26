/**
 * Test helper: a stand-in for the billing webhook route over real HTTP. Raw body in,
 * `parseWebhook`, then 200 (read or null), 400 (BillingWebhookError) or 503 (anything else), as
 * the route answers; every outcome is kept with the event's type.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BillingWebhookError, type BillingProvider, type SubscriptionEvent } from '../../billing-provider';

export interface Received {
  type: string;
  status: number;
  event?: SubscriptionEvent | null;
  error?: string;
}

export async function startWebhookReceiver(provider: () => BillingProvider) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const signature = req.headers['stripe-signature'];
      const type = (JSON.parse(body.toString('utf8')) as { type: string }).type;
      provider()
        .parseWebhook(body, typeof signature === 'string' ? signature : undefined)
        .then(
          (event) => {
            received.push({ type, status: 200, event });
            res.writeHead(200).end('{"received":true}');
          },
          (error: unknown) => {
            const status = error instanceof BillingWebhookError ? 400 : 503;
            received.push({ type, status, error: (error as Error).message });
            res.writeHead(status).end();
          },
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/billing/webhook/stripe`,
    received,
    /** What was received since `mark` (an index into `received`). */
    since: (mark: number) => received.slice(mark),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
