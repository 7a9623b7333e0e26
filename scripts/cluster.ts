/**
 * `npm run cluster -- --api 2 --worker 2 [--no-build]`: one machine's scale-out. Builds the web
 * app and the server bundle once, then runs `--api` ROLE=api processes on PORT, PORT+1, … and `--worker` ROLE=worker
 * processes on the ports after them (their /healthz and /readyz), all sharing DATABASE_URL and
 * REDIS_URL, restarted when they die, stopped together on SIGINT/SIGTERM.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config';
import { startSupervisor, type ChildSpec } from './cluster/supervisor';

const REPO = path.resolve(import.meta.dirname, '..');

const USAGE = 'usage: npm run cluster -- --api N --worker N [--no-build]';

/** One line whatever the message (parseArgs and the config check write several). */
function fail(message: string): never {
  const line = message
    .split('\n')
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  console.error(`cluster: ${line}`);
  process.exit(1);
}

function count(name: string, raw: string, min: number): number {
  if (!/^\d+$/.test(raw)) fail(`${name} must be a whole number, got "${raw}" (${USAGE})`);
  const n = Number(raw);
  if (n < min) fail(`${name} must be at least ${min}, got ${n} (${USAGE})`);
  return n;
}

function parseCommandLine() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        api: { type: 'string', default: '1' },
        worker: { type: 'string', default: '1' },
        'no-build': { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)} (${USAGE})`);
  }
  return {
    api: count('--api', values.api, 1),
    worker: count('--worker', values.worker, 0),
    build: !values['no-build'],
  };
}

const { api, worker, build } = parseCommandLine();
// PGlite is a file one process owns, so separate processes need a server database and Redis.
for (const key of ['DATABASE_URL', 'REDIS_URL']) {
  if (!process.env[key]?.trim())
    fail(`${key} is not set; separate processes share only PostgreSQL and Redis`);
}
const rawPort = process.env.PORT?.trim() || '3000';
const basePort = Number(rawPort);
if (!/^\d+$/.test(rawPort) || basePort < 1 || basePort + api + worker - 1 > 65535)
  fail(`PORT must be a port number leaving room for ${api + worker} consecutive ports, got "${rawPort}"`);

try {
  // Checks every setting once here instead of in N crash-looping children, and creates the auth
  // secret in DATA_DIR (when AUTH_SECRET is unset) before they start, so they cannot race to write
  // different ones.
  loadConfig({ ...process.env, ROLE: 'api', PORT: String(basePort) });
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

if (build) {
  const result = spawnSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
  if (result.status !== 0) fail('npm run build failed');
}

// The simulated market's clock starts once for all, so the processes agree on prices at any
// SIM_SPEED (a restarted child keeps the same start).
const simClockStart = process.env.SIM_CLOCK_START?.trim() || String(Date.now());
const child = (role: 'api' | 'worker', index: number, port: number): ChildSpec => ({
  name: `${role}-${index}`,
  command: process.execPath,
  args: ['--enable-source-maps', 'dist/server/main.mjs'],
  cwd: REPO,
  env: { ...process.env, ROLE: role, PORT: String(port), SIM_CLOCK_START: simClockStart },
});
const children = [
  ...Array.from({ length: api }, (_, i) => child('api', i + 1, basePort + i)),
  ...Array.from({ length: worker }, (_, i) => child('worker', i + 1, basePort + api + i)),
];
const ports = (from: number, n: number) => (n === 1 ? `port ${from}` : `ports ${from}-${from + n - 1}`);
console.log(
  `cluster: ${api} api (${ports(basePort, api)}), ` +
    (worker > 0 ? `${worker} worker (${ports(basePort + api, worker)})` : 'no worker'),
);

const supervisor = startSupervisor({ children, log: (line) => console.log(`cluster: ${line}`) });

let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) return;
  stopping = true;
  console.log(`cluster: ${signal}, stopping every process`);
  void supervisor.stop().then(({ killed }) => {
    console.log(killed.length > 0 ? `cluster: stopped (${killed.length} killed)` : 'cluster: stopped');
    process.exit(killed.length > 0 ? 1 : 0);
  });
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
