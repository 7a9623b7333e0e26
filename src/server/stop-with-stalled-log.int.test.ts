/**
 * A server whose log reader stops reading, is sent SIGTERM, and then loses that reader (a
 * supervisor or test runner that ended) still stops: its log is dropped, the graceful stop runs and
 * the process exits 0. With pino's default asynchronous destination it hung for ever instead,
 * retrying the flush of its held lines at exit.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, SERVER_BUNDLE_ENTRY } from '../../scripts/build-server';
import { freePort } from './testing/free-port';

const REPO = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'heatsignal-stalled-log-'));
// The bundled server, as an operator runs it: a start through tsx compiled the server first.
beforeAll(() => buildServer(), 60_000);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

it('stops on SIGTERM after the reader of its log stalled and went away', { timeout: 90_000 }, async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE_ENTRY], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'stalled-log-secret-that-is-long-enough-0123',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  try {
    let output = '';
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('HeatSignal is running')) resolve();
      });
      child.once('exit', () => reject(new Error(`server exited early:\n${output}`)));
    });

    // The reader stops reading; every request logs its long URL, far more than a pipe holds.
    child.stdout.removeAllListeners('data');
    child.stdout.pause();
    const longQuery = 'x'.repeat(8_000);
    await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        fetch(`${base}/api/me?n=${i}&pad=${longQuery}`, { signal: AbortSignal.timeout(3_000) }),
      ),
    );

    // The reader goes away only after the stop would have finished: a server that exits while its
    // lines are still held must not wait on them.
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    child.stdout.destroy();

    const stopped = await Promise.race([
      exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000)),
    ]);
    expect(stopped).toBe(0);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  }
});
