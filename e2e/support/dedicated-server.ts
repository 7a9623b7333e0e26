import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { SERVER_BUNDLE_ENTRY } from '../../scripts/build-server';
import { freePort } from '../../src/server/testing/free-port';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * A server of its own: the suite's shared one (global-setup.ts, after it builds the web app this
 * serves from dist/), or one for a single browser test file: its own port and data folder (new, or
 * a copy of the template taken after a first market sync), and its own environment, e.g. a
 * simulated market running SIM_SPEED times faster than the wall clock.
 */

/** Past the server's own 10 s shutdown deadline: a server still running then is killed. */
const STOP_DEADLINE_MS = 12_000;

export interface DedicatedServer {
  baseUrl: string;
  /** Stops the server (its whole process group) and removes its data folder (unless kept). */
  stop(): Promise<void>;
}

async function waitUntilUp(url: string, server: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${url}/api/me`)).status === 401) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start within ${timeoutMs / 1000} s`);
}

export interface DedicatedServerOptions {
  /** A data folder to start from (a copy is used: see template-data.ts). */
  template?: string;
  /** Runs on this folder instead of a new one… */
  dataDir?: string;
  /** …and leaves it in place when stopped. */
  keepDataDir?: boolean;
}

export async function startDedicatedServer(
  env: Record<string, string> = {},
  options: DedicatedServerOptions = {},
): Promise<DedicatedServer> {
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'heatsignal-e2e-own-'));
  if (options.template) cpSync(options.template, dataDir, { recursive: true });
  const baseUrl = `http://127.0.0.1:${port}`;
  // The bundled build (global-setup.ts makes it): a start compiles no TypeScript.
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-server.pid!, name);
    } catch {
      // already gone
    }
  };
  // Waits for the graceful stop (at most 10 s, shutdown.ts): a server still exiting would hold the
  // test runner open after the last test, and its data folder could not be removed cleanly.
  const stop = async () => {
    if (server.pid && server.exitCode === null && server.signalCode === null) {
      signal('SIGTERM');
      const late = setTimeout(() => signal('SIGKILL'), STOP_DEADLINE_MS);
      await exited;
      clearTimeout(late);
    }
    if (!options.keepDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(baseUrl, server, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
