import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP load balancer for the tests, doing what nginx or HAProxy would in front of the API
 * processes: each new connection goes to the next backend, skipping one that refuses it (a
 * stopped process), with no stickiness. A cut backend cuts its connections.
 */
export async function startRoundRobinProxy(backends: number[]) {
  let next = 0;
  const open = new Set<Socket>();

  function dial(client: Socket, attempt: number): void {
    if (attempt >= backends.length) {
      client.destroy();
      return;
    }
    const port = backends[next % backends.length]!;
    next += 1;
    const upstream = connect(port, '127.0.0.1');
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
    upstream.on('error', () => {
      // Refused before a byte went through: the next backend gets the connection.
      if (!connected && !client.destroyed) dial(client, attempt + 1);
      else client.destroy();
    });
  }

  const server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    dial(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
