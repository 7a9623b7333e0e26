import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Redis } from 'ioredis';
import { freePort } from '../../testing/free-port';

/**
 * A redis-server of the test's own on a free port, so a test can stop and restart it without
 * disturbing the machine's Redis (nothing kept on disk: a restart starts empty, as after a crash).
 */
export async function startOwnRedis() {
  const port = await freePort();
  let server: ChildProcess | null = null;

  async function start(): Promise<void> {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
    probe.on('error', () => undefined);
    for (let tries = 0; ; tries += 1) {
      try {
        await probe.connect();
        await probe.ping();
        probe.disconnect();
        return;
      } catch {
        if (tries > 100) throw new Error(`redis-server on port ${port} did not start`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }

  async function stop(): Promise<void> {
    const running = server;
    server = null;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGKILL');
    await once(running, 'exit');
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

export type OwnRedis = Awaited<ReturnType<typeof startOwnRedis>>;
